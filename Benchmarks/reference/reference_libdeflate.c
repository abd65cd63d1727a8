/* libdeflate: one-shot decompression of a whole zlib stream (header, raw deflate, Adler-32 checked),
 * the same streams the zlib inflate benchmark reads. Compiled twice when ZOETROPE_LIBDEFLATE_SOURCE
 * is given: against Debian's libdeflate, and against the one built from that source with its CPU
 * dispatch limited to SSE2 (libdeflate_sse2.h renames the second build's names). Benchmark harness
 * only. */
#include "reference.h"

#include <libdeflate.h>
#include <stdlib.h>

#ifdef ZOETROPE_LIBDEFLATE_SSE2_BUILD
#if !defined(__x86_64__)
#error "the SSE2-only libdeflate comparison is for x86-64"
#endif
#if LIBDEFLATE_VERSION_MAJOR != 1 || LIBDEFLATE_VERSION_MINOR != 14
#error "ZOETROPE_LIBDEFLATE_SOURCE must be libdeflate 1.14 (Debian's version, whose CPU features libdeflate_sse2.h names)"
#endif

/* Before the first decompression, which reads the CPU features once (later calls do nothing). */
static void limit_to_sse2(void) {
    static int done;
    if (done) return;
    if (setenv("LIBDEFLATE_DISABLE_CPU_FEATURES", ZOETROPE_LIBDEFLATE_DISABLED_FEATURES, 1) != 0) die("setenv failed");
    done = 1;
}

const char *libdeflate_library_name(void) { return "libdeflate " LIBDEFLATE_VERSION_STRING " SSE2 only"; }
#else
static void limit_to_sse2(void) {}

const char *libdeflate_library_name(void) { return "libdeflate " LIBDEFLATE_VERSION_STRING; }
#endif

Buffer libdeflate_inflate_all(const Buffer *in, size_t expected) {
    limit_to_sse2();
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    if (!d) die("libdeflate_alloc_decompressor failed");
    /* libdeflate needs the whole output buffer up front; the benchmark passes the size found by the
     * check pass, as a PNG decoder knows it from the image header. */
    size_t capacity = expected ? expected : in->count * 4 + 1024;
    Buffer out = { checked_malloc(capacity), 0 };
    for (;;) {
        size_t actual = 0;
        enum libdeflate_result r = libdeflate_zlib_decompress(d, in->bytes, in->count, out.bytes, capacity, &actual);
        if (r == LIBDEFLATE_SUCCESS) { out.count = actual; break; }
        if (r != LIBDEFLATE_INSUFFICIENT_SPACE) die("libdeflate failed");
        capacity *= 2;
        free(out.bytes);
        out.bytes = checked_malloc(capacity);
    }
    libdeflate_free_decompressor(d);
    return out;
}
