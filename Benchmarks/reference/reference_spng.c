/* libspng: PNG stills to RGBA8 (tRNS applied, 16-bit samples reduced to 8 bits, grey expanded to
 * RGB), the same output as the libpng decoder and Zoetrope. Benchmark harness only. */
#include "reference.h"

#include <spng.h>
#include <stdio.h>
#include <stdlib.h>

int decode_png_spng(const Buffer *file, FrameSink *sink, int *width, int *height) {
    spng_ctx *ctx = spng_ctx_new(0);
    if (!ctx) return 1;
    struct spng_ihdr ihdr;
    size_t size = 0;
    uint8_t *pixels = NULL;
    int failed = spng_set_png_buffer(ctx, file->bytes, file->count)
              || spng_get_ihdr(ctx, &ihdr)
              || spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &size);
    if (!failed) {
        pixels = checked_malloc(size);
        failed = spng_decode_image(ctx, pixels, size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS) != 0;
    }
    if (!failed) {
        *width = (int)ihdr.width;
        *height = (int)ihdr.height;
        sink_frame(sink, pixels, (size_t)ihdr.width * ihdr.height);
    }
    free(pixels);
    spng_ctx_free(ctx);
    return failed;
}

const char *spng_library_name(void) {
    static char name[32];
    snprintf(name, sizeof name, "libspng %d.%d.%d", SPNG_VERSION_MAJOR, SPNG_VERSION_MINOR, SPNG_VERSION_PATCH);
    return name;
}
