/* Wuffs (v0.4 single-file C release): GIF with browser compositing and PNG stills, to RGBA8.
 *
 * Compiled only when scripts/benchmark finds the file named by ZOETROPE_WUFFS_C; it passes the path
 * as ZOETROPE_WUFFS_SOURCE and this file includes it. Wuffs is not a Debian package and is never
 * part of the repository. Benchmark harness only. */
#include "reference.h"

#include <stdlib.h>
#include <string.h>

#define WUFFS_IMPLEMENTATION
#define WUFFS_CONFIG__STATIC_FUNCTIONS
#define WUFFS_CONFIG__MODULES
#define WUFFS_CONFIG__MODULE__BASE
#define WUFFS_CONFIG__MODULE__ADLER32
#define WUFFS_CONFIG__MODULE__CRC32
#define WUFFS_CONFIG__MODULE__DEFLATE
#define WUFFS_CONFIG__MODULE__ZLIB
#define WUFFS_CONFIG__MODULE__LZW
#define WUFFS_CONFIG__MODULE__GIF
#define WUFFS_CONFIG__MODULE__PNG
#include ZOETROPE_WUFFS_SOURCE

static wuffs_base__io_buffer source_of(const Buffer *file) {
    wuffs_base__io_buffer src = wuffs_base__ptr_u8__reader(file->bytes, file->count, true);
    return src;
}

/* The canvas as a Wuffs pixel buffer of non-premultiplied RGBA, plus the work buffer a decoder asks for. */
typedef struct {
    wuffs_base__image_config config;
    wuffs_base__pixel_buffer pixels;
    uint8_t *canvas;
    size_t canvas_bytes;
    wuffs_base__slice_u8 work;
} Target;

static int target_init(Target *t, uint64_t work_bytes) {
    uint32_t w = wuffs_base__pixel_config__width(&t->config.pixcfg);
    uint32_t h = wuffs_base__pixel_config__height(&t->config.pixcfg);
    wuffs_base__pixel_config__set(&t->config.pixcfg, WUFFS_BASE__PIXEL_FORMAT__RGBA_NONPREMUL,
                                  WUFFS_BASE__PIXEL_SUBSAMPLING__NONE, w, h);
    t->canvas_bytes = (size_t)w * h * 4;
    t->canvas = calloc(t->canvas_bytes ? t->canvas_bytes : 1, 1); /* starts transparent */
    if (!t->canvas) die("out of memory");
    t->work = wuffs_base__make_slice_u8(work_bytes ? checked_malloc((size_t)work_bytes) : NULL, (size_t)work_bytes);
    wuffs_base__status s = wuffs_base__pixel_buffer__set_from_slice(
        &t->pixels, &t->config.pixcfg, wuffs_base__make_slice_u8(t->canvas, t->canvas_bytes));
    return !wuffs_base__status__is_ok(&s);
}

static void target_free(Target *t) {
    free(t->canvas);
    free(t->work.ptr);
}

/* Copies (or clears, when `from` is NULL) one rectangle of RGBA rows. */
static void copy_rect(uint8_t *to, const uint8_t *from, size_t width, wuffs_base__rect_ie_u32 r) {
    for (uint32_t y = r.min_incl_y; y < r.max_excl_y; y++) {
        size_t offset = ((size_t)y * width + r.min_incl_x) * 4, count = (size_t)(r.max_excl_x - r.min_incl_x) * 4;
        if (from) memcpy(to + offset, from + offset, count);
        else memset(to + offset, 0, count);
    }
}

int decode_gif_wuffs(const Buffer *file, FrameSink *sink, int *width, int *height) {
    wuffs_gif__decoder *dec = wuffs_gif__decoder__alloc();
    if (!dec) die("out of memory");
    /* Frames are clipped to the logical screen (no growing the canvas to fit the first frame). */
    wuffs_gif__decoder__set_quirk(dec, WUFFS_GIF__QUIRK_IMAGE_BOUNDS_ARE_STRICT, 1);
    wuffs_base__io_buffer src = source_of(file);
    Target t = { 0 };
    uint8_t *saved = NULL;
    int failed = 0;
    wuffs_base__status s = wuffs_gif__decoder__decode_image_config(dec, &t.config, &src);
    if (!wuffs_base__status__is_ok(&s) || target_init(&t, wuffs_gif__decoder__workbuf_len(dec).max_incl)) {
        failed = 1;
    } else {
        size_t cw = wuffs_base__pixel_config__width(&t.config.pixcfg);
        size_t ch = wuffs_base__pixel_config__height(&t.config.pixcfg);
        *width = (int)cw; *height = (int)ch;
        wuffs_base__rect_ie_u32 screen = wuffs_base__make_rect_ie_u32(0, 0, (uint32_t)cw, (uint32_t)ch);
        for (;;) {
            wuffs_base__frame_config fc = { 0 };
            s = wuffs_gif__decoder__decode_frame_config(dec, &fc, &src);
            if (s.repr == wuffs_base__note__end_of_data) break;
            if (!wuffs_base__status__is_ok(&s)) { failed = sink->frames == 0; break; }
            wuffs_base__rect_ie_u32 r = wuffs_base__rect_ie_u32__intersect(&screen, wuffs_base__frame_config__bounds(&fc));
            uint8_t disposal = wuffs_base__frame_config__disposal(&fc);
            if (disposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_PREVIOUS) {
                if (!saved) saved = checked_malloc(t.canvas_bytes);
                copy_rect(saved, t.canvas, cw, r);
            }
            /* SRC_OVER leaves the canvas where the transparent index is; SRC only where Wuffs says the
             * frame may overwrite (it covers a canvas with nothing to keep). */
            s = wuffs_gif__decoder__decode_frame(dec, &t.pixels, &src,
                    wuffs_base__frame_config__overwrite_instead_of_blend(&fc) ? WUFFS_BASE__PIXEL_BLEND__SRC
                                                                            : WUFFS_BASE__PIXEL_BLEND__SRC_OVER,
                    t.work, NULL);
            if (s.repr == wuffs_base__note__end_of_data) break;
            sink_frame(sink, t.canvas, cw * ch);
            if (!wuffs_base__status__is_ok(&s)) break; /* damaged data: the rows decoded are kept */
            if (disposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_BACKGROUND) copy_rect(t.canvas, NULL, cw, r);
            else if (disposal == WUFFS_BASE__ANIMATION_DISPOSAL__RESTORE_PREVIOUS) copy_rect(t.canvas, saved, cw, r);
        }
    }
    free(saved);
    target_free(&t);
    free(dec);
    return failed;
}

int decode_png_wuffs(const Buffer *file, FrameSink *sink, int *width, int *height) {
    wuffs_png__decoder *dec = wuffs_png__decoder__alloc();
    if (!dec) die("out of memory");
    wuffs_base__io_buffer src = source_of(file);
    Target t = { 0 };
    int failed = 1;
    wuffs_base__status s = wuffs_png__decoder__decode_image_config(dec, &t.config, &src);
    if (wuffs_base__status__is_ok(&s) && !target_init(&t, wuffs_png__decoder__workbuf_len(dec).max_incl)) {
        s = wuffs_png__decoder__decode_frame(dec, &t.pixels, &src, WUFFS_BASE__PIXEL_BLEND__SRC, t.work, NULL);
        if (wuffs_base__status__is_ok(&s)) {
            size_t w = wuffs_base__pixel_config__width(&t.config.pixcfg);
            size_t h = wuffs_base__pixel_config__height(&t.config.pixcfg);
            *width = (int)w; *height = (int)h;
            sink_frame(sink, t.canvas, w * h);
            failed = 0;
        }
    }
    target_free(&t);
    free(dec);
    return failed;
}

const char *wuffs_library_name(void) { return "Wuffs " WUFFS_VERSION_STRING; }
