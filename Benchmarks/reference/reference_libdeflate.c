/* libdeflate: one-shot decompression of a whole zlib stream (header, raw deflate, Adler-32 checked),
 * the same streams the zlib inflate benchmark reads. Benchmark harness only. */
#include "reference.h"

#include <libdeflate.h>
#include <stdlib.h>

Buffer libdeflate_inflate_all(const Buffer *in, size_t expected) {
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

const char *libdeflate_library_name(void) { return "libdeflate " LIBDEFLATE_VERSION_STRING; }
