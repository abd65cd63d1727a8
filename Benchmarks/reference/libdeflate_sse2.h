/* Included first (`-include`) in every file of the second libdeflate build: libdeflate 1.14 compiled
 * here from its source (ZOETROPE_LIBDEFLATE_SOURCE), with its run-time CPU dispatch limited to the
 * x86-64 baseline (SSE2) — the instruction set a Swift package's code is compiled for, since
 * SwiftPM gives dependencies no per-CPU code. Every external name of that build is renamed, so that
 * it neither takes the place of Debian's libdeflate (which the same executable links) nor is taken
 * by it. reference_libdeflate.c, compiled a second time with this, provides the two functions
 * reference.h declares for it. Benchmark harness only. */
#ifndef ZOETROPE_LIBDEFLATE_SSE2_H
#define ZOETROPE_LIBDEFLATE_SSE2_H

#define ZOETROPE_LIBDEFLATE_SSE2_BUILD 1

/* The harness's own two functions (reference_libdeflate.c). */
#define libdeflate_inflate_all libdeflate_sse2_inflate_all
#define libdeflate_library_name libdeflate_sse2_library_name

/* libdeflate's external names in the files compiled (utils, cpu features, Adler-32, decompression). */
#define libdeflate_adler32 zoetrope_sse2_libdeflate_adler32
#define libdeflate_alloc_decompressor zoetrope_sse2_libdeflate_alloc_decompressor
#define libdeflate_free_decompressor zoetrope_sse2_libdeflate_free_decompressor
#define libdeflate_deflate_decompress zoetrope_sse2_libdeflate_deflate_decompress
#define libdeflate_deflate_decompress_ex zoetrope_sse2_libdeflate_deflate_decompress_ex
#define libdeflate_zlib_decompress zoetrope_sse2_libdeflate_zlib_decompress
#define libdeflate_zlib_decompress_ex zoetrope_sse2_libdeflate_zlib_decompress_ex
#define libdeflate_set_memory_allocator zoetrope_sse2_libdeflate_set_memory_allocator
#define libdeflate_malloc zoetrope_sse2_libdeflate_malloc
#define libdeflate_free zoetrope_sse2_libdeflate_free
#define libdeflate_aligned_malloc zoetrope_sse2_libdeflate_aligned_malloc
#define libdeflate_aligned_free zoetrope_sse2_libdeflate_aligned_free
#define libdeflate_assertion_failed zoetrope_sse2_libdeflate_assertion_failed
#define libdeflate_x86_cpu_features zoetrope_sse2_libdeflate_x86_cpu_features
#define libdeflate_init_x86_cpu_features zoetrope_sse2_libdeflate_init_x86_cpu_features

/* The features libdeflate 1.14 detects beyond SSE2 (its lib/x86/cpu_features.c); its test hook
 * (TEST_SUPPORT__DO_NOT_USE) reads this variable once, at the first decompression. */
#define ZOETROPE_LIBDEFLATE_DISABLED_FEATURES "avx,avx2,bmi2"

#endif
