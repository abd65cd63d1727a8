/* The benchmark's synthetic files, written with giflib and libpng (generate.c). */
#ifndef ZOETROPE_REFERENCE_GENERATE_H
#define ZOETROPE_REFERENCE_GENERATE_H
/* Writes every synthetic file into `dir` (which must exist) and lists them on standard output. */
int generate_all(const char *dir);
#endif
