/* What the C reference's files share: file bytes, the per-frame sink (hashing in the verify pass)
 * and the signatures of the decoders each library file provides. Benchmark harness only. */
#ifndef ZOETROPE_REFERENCE_H
#define ZOETROPE_REFERENCE_H

#include <stddef.h>
#include <stdint.h>

typedef struct { uint8_t *bytes; size_t count; } Buffer;

/* FNV-1a 64 over canvases with RGB zeroed wherever alpha is 0 (the corpus's canonical form). */
typedef struct { uint64_t value; } CanvasHash;

/* Every decode calls sink_frame once per composited frame: hashing in the verify pass, otherwise a
 * cheap read so the work cannot be optimised away. */
typedef struct {
    int verify;
    CanvasHash hash;
    int frames;
    unsigned sink;
    /* `frames` mode: print each canvas's own hash on a line of its own. */
    int print_each;
    /* `encode-webp` mode: a malloc'd copy of the first canvas (RGBA8) is left here when `keep` is set. */
    int keep;
    uint8_t *kept;
} FrameSink;

void sink_frame(FrameSink *s, const uint8_t *canvas, size_t pixels);
void *checked_malloc(size_t size);
void die(const char *message);

/* Decodes every frame of a file into a composited RGBA8 canvas; returns 0 on success. */
typedef int (*Decoder)(const Buffer *file, FrameSink *sink, int *width, int *height);

/* reference_spng.c: libspng, PNG stills to RGBA8. */
int decode_png_spng(const Buffer *file, FrameSink *sink, int *width, int *height);
const char *spng_library_name(void);

/* reference_libdeflate.c: libdeflate's zlib decompressor. `expected` is the output size when known
 * (0 when not: the buffer then grows until the stream fits). */
Buffer libdeflate_inflate_all(const Buffer *in, size_t expected);
const char *libdeflate_library_name(void);
/* The same, compiled again against libdeflate 1.14 built from source with its CPU dispatch limited
 * to SSE2 (libdeflate_sse2.h), when ZOETROPE_HAS_LIBDEFLATE_SSE2 is defined. */
Buffer libdeflate_sse2_inflate_all(const Buffer *in, size_t expected);
const char *libdeflate_sse2_library_name(void);

/* reference_wuffs.c, compiled only when scripts/benchmark is given ZOETROPE_WUFFS_C (the
 * single-file Wuffs release, never part of the repository): GIF with browser compositing and
 * PNG stills. */
#ifdef ZOETROPE_WUFFS_SOURCE
int decode_gif_wuffs(const Buffer *file, FrameSink *sink, int *width, int *height);
int decode_png_wuffs(const Buffer *file, FrameSink *sink, int *width, int *height);
const char *wuffs_library_name(void);
#endif

#endif
