/* The benchmark's own input files, written with giflib and libpng so that anyone can run the
 * benchmark without the shared corpus. Content is deterministic: gradients, moving shapes and
 * ordered dithering, which give LZW and deflate realistic work. */
#define _DEFAULT_SOURCE
#include "generate.h"

#include <gif_lib.h>
#include <png.h>
#include <zlib.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng_state = 0x9E3779B9u;

static uint32_t next_random(void) {
    uint32_t x = rng_state;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng_state = x;
}

static void fail(const char *what) {
    fprintf(stderr, "generate: %s\n", what);
    exit(2);
}

static void *alloc_zeroed(size_t size) {
    void *p = calloc(size ? size : 1, 1);
    if (!p) fail("out of memory");
    return p;
}

static char *join(const char *dir, const char *name) {
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* ---------- the scene ---------- */

typedef struct { uint8_t r, g, b; } RGB;

static uint8_t clamp255(double v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

/* A smooth background with three moving discs and a little grain: frame `t` of `frames`. */
static RGB scene(int x, int y, int width, int height, int t, int frames) {
    double u = (double)x / width, v = (double)y / height;
    double phase = 2 * M_PI * t / (frames ? frames : 1);
    double r = 128 + 100 * sin(3 * u + phase), g = 128 + 90 * sin(4 * v - phase), b = 150 + 80 * cos(2 * (u + v) + phase);
    for (int k = 0; k < 3; k++) {
        double cx = 0.5 + 0.3 * cos(phase + k * 2.1), cy = 0.5 + 0.3 * sin(phase * (k + 1) + k);
        double dx = u - cx, dy = (v - cy) * height / width;
        if (dx * dx + dy * dy < 0.01 + 0.005 * k) { r = 240 - 70 * k; g = 60 + 80 * k; b = 40 + 30 * k; }
    }
    int grain = (int)(next_random() % 17) - 8;
    return (RGB){ clamp255(r + grain), clamp255(g + grain), clamp255(b + grain) };
}

static const int bayer4[16] = { 0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5 };

/* 6×7×6 colour cube (252 entries) plus 4 greys: index 255 stays free for transparency. */
static ColorMapObject *cube_palette(void) {
    GifColorType colors[256];
    int i = 0;
    for (int r = 0; r < 6; r++) for (int g = 0; g < 7; g++) for (int b = 0; b < 6; b++)
        colors[i++] = (GifColorType){ (GifByteType)(r * 51), (GifByteType)(g * 85 / 2), (GifByteType)(b * 51) };
    for (; i < 256; i++) colors[i] = (GifColorType){ (GifByteType)((i - 252) * 60), (GifByteType)((i - 252) * 60), (GifByteType)((i - 252) * 60) };
    return GifMakeMapObject(256, colors);
}

static uint8_t cube_index(RGB c, int x, int y) {
    int d = bayer4[(y & 3) * 4 + (x & 3)];
    int r = (c.r * 5 * 16 + d * 255) / (255 * 16);
    int g = (c.g * 6 * 16 + d * 255) / (255 * 16);
    int b = (c.b * 5 * 16 + d * 255) / (255 * 16);
    return (uint8_t)((r * 7 + g) * 6 + b);
}

/* ---------- GIF writing ---------- */

typedef struct {
    int x, y, width, height;
    const uint8_t *indices;      /* width × height */
    int disposal, transparent, delay_cs, interlaced;
    ColorMapObject *local;       /* NULL: global palette */
} GifFrame;

static void put_gif(const char *path, int width, int height, ColorMapObject *global, int loop,
                    const GifFrame *frames, int count) {
    int error;
    GifFileType *gif = EGifOpenFileName(path, false, &error);
    if (!gif) fail("EGifOpenFileName");
    EGifSetGifVersion(gif, true);
    if (EGifPutScreenDesc(gif, width, height, 8, 0, global) == GIF_ERROR) fail("screen");
    if (loop >= 0) {
        unsigned char app[] = "NETSCAPE2.0";
        unsigned char sub[3] = { 1, (unsigned char)(loop & 255), (unsigned char)(loop >> 8) };
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE);
        EGifPutExtensionBlock(gif, 11, app);
        EGifPutExtensionBlock(gif, 3, sub);
        EGifPutExtensionTrailer(gif);
    }
    for (int i = 0; i < count; i++) {
        const GifFrame *f = &frames[i];
        GraphicsControlBlock gcb = { f->disposal, false, f->delay_cs, f->transparent };
        GifByteType ext[4];
        size_t n = EGifGCBToExtension(&gcb, ext);
        EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, (int)n, ext);
        if (EGifPutImageDesc(gif, f->x, f->y, f->width, f->height, f->interlaced, f->local) == GIF_ERROR) fail("desc");
        static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
        if (f->interlaced) {
            for (int pass = 0; pass < 4; pass++)
                for (int y = start[pass]; y < f->height; y += step[pass])
                    EGifPutLine(gif, (GifPixelType *)f->indices + (size_t)y * f->width, f->width);
        } else {
            for (int y = 0; y < f->height; y++)
                EGifPutLine(gif, (GifPixelType *)f->indices + (size_t)y * f->width, f->width);
        }
    }
    if (EGifCloseFile(gif, &error) == GIF_ERROR) fail("close gif");
    printf("%s\n", path);
}

/* Full-canvas dithered frames of the scene. */
static void gif_full_frames(const char *path, int width, int height, int count, int interlaced, int local_palettes) {
    GifFrame *frames = alloc_zeroed(sizeof(GifFrame) * (size_t)count);
    ColorMapObject *palette = cube_palette();
    for (int t = 0; t < count; t++) {
        uint8_t *indices = alloc_zeroed((size_t)width * height);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                indices[(size_t)y * width + x] = cube_index(scene(x, y, width, height, t, count), x, y);
        frames[t] = (GifFrame){ 0, 0, width, height, indices, 1, -1, 4, interlaced, local_palettes ? palette : NULL };
    }
    put_gif(path, width, height, local_palettes ? NULL : palette, 0, frames, count);
    for (int t = 0; t < count; t++) free((void *)frames[t].indices);
    free(frames);
    GifFreeMapObject(palette);
}

/* A 16-colour spinner on a transparent background, disposal 2: an icon or emoji. */
static void gif_icon(const char *path, int size, int count) {
    GifColorType colors[16];
    for (int i = 0; i < 16; i++) colors[i] = (GifColorType){ (GifByteType)(i * 16), (GifByteType)(255 - i * 12), (GifByteType)(80 + i * 8) };
    ColorMapObject *palette = GifMakeMapObject(16, colors);
    GifFrame *frames = alloc_zeroed(sizeof(GifFrame) * (size_t)count);
    for (int t = 0; t < count; t++) {
        uint8_t *indices = alloc_zeroed((size_t)size * size);
        for (int dot = 0; dot < 8; dot++) {
            double angle = 2 * M_PI * dot / 8;
            double cx = size / 2.0 + size * 0.32 * cos(angle), cy = size / 2.0 + size * 0.32 * sin(angle);
            int color = 1 + (dot + t) % 15;
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++)
                    if ((x - cx) * (x - cx) + (y - cy) * (y - cy) < size * size / 120.0) indices[y * size + x] = (uint8_t)color;
        }
        frames[t] = (GifFrame){ 0, 0, size, size, indices, 2, 0, 5, 0, NULL };
    }
    put_gif(path, size, size, palette, 0, frames, count);
    for (int t = 0; t < count; t++) free((void *)frames[t].indices);
    free(frames);
    GifFreeMapObject(palette);
}

/* A full first frame, then only the rectangle that changes, with unchanged pixels transparent
 * (what GIF optimisers write). `disposal` 1 keeps frames; 3 restores the background each time. */
static void gif_sprite(const char *path, int width, int height, int count, int sprite, int disposal) {
    ColorMapObject *palette = cube_palette();
    GifFrame *frames = alloc_zeroed(sizeof(GifFrame) * (size_t)count);
    uint8_t *background = alloc_zeroed((size_t)width * height);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            background[(size_t)y * width + x] = cube_index(scene(x, y, width, height, 0, count), x, y);
    frames[0] = (GifFrame){ 0, 0, width, height, background, 1, -1, 6, 0, NULL };
    for (int t = 1; t < count; t++) {
        double phase = 2 * M_PI * t / count;
        int sx = (int)((width - sprite) * (0.5 + 0.45 * cos(phase))), sy = (int)((height - sprite) * (0.5 + 0.45 * sin(2 * phase)));
        uint8_t *indices = alloc_zeroed((size_t)sprite * sprite);
        for (int y = 0; y < sprite; y++)
            for (int x = 0; x < sprite; x++) {
                double dx = x - sprite / 2.0, dy = y - sprite / 2.0;
                int inside = dx * dx + dy * dy < sprite * sprite / 4.5;
                RGB c = { clamp255(255 - 2 * x), clamp255(40 + 3 * y), clamp255(120 + t * 3) };
                indices[y * sprite + x] = inside ? cube_index(c, x, y) : 255;
            }
        frames[t] = (GifFrame){ sx, sy, sprite, sprite, indices, disposal, 255, 6, 0, NULL };
    }
    put_gif(path, width, height, palette, 0, frames, count);
    for (int t = 0; t < count; t++) free((void *)frames[t].indices);
    free(frames);
    GifFreeMapObject(palette);
}

/* ---------- PNG writing ---------- */

typedef enum { PHOTO, UI } Content;

static void fill_rgba(uint8_t *pixels, int width, int height, Content content) {
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            uint8_t *p = pixels + ((size_t)y * width + x) * 4;
            if (content == PHOTO) {
                RGB c = scene(x, y, width, height, 3, 10);
                p[0] = c.r; p[1] = c.g; p[2] = c.b; p[3] = 255;
            } else {
                /* Flat panels, "text" rows, a soft shadow: a screenshot of an app. */
                int panel = ((x / 240) + (y / 180)) % 3;
                uint8_t base = (uint8_t)(230 - panel * 25);
                int text = (y % 24 > 6 && y % 24 < 18) && ((x * 7 + y) % 13 < 5) && (x % 240 > 20) && (x % 240 < 200);
                p[0] = text ? 30 : base; p[1] = text ? 30 : base; p[2] = text ? 40 : (uint8_t)(base + 10);
                int edge = x % 240 < 8 ? x % 240 : 8;
                p[3] = (uint8_t)(edge < 8 ? 80 + edge * 20 : 255);
            }
        }
}

static void put_png(const char *path, int width, int height, int bit_depth, int color_type, int interlace,
                    uint8_t **rows, const png_color *palette, int palette_count,
                    const png_byte *trans, int trans_count) {
    FILE *f = fopen(path, "wb");
    if (!f) fail("open png");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) fail("libpng write");
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth, color_type,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette) png_set_PLTE(png, info, palette, palette_count);
    if (trans) png_set_tRNS(png, info, trans, trans_count, NULL);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(f);
    printf("%s\n", path);
}

static uint8_t **row_pointers(uint8_t *pixels, int height, size_t row_bytes) {
    uint8_t **rows = alloc_zeroed(sizeof(uint8_t *) * (size_t)height);
    for (int y = 0; y < height; y++) rows[y] = pixels + (size_t)y * row_bytes;
    return rows;
}

static void png_rgb_photo(const char *path, int width, int height) {
    uint8_t *rgba = alloc_zeroed((size_t)width * height * 4), *rgb = alloc_zeroed((size_t)width * height * 3);
    fill_rgba(rgba, width, height, PHOTO);
    for (size_t i = 0; i < (size_t)width * height; i++) memcpy(rgb + i * 3, rgba + i * 4, 3);
    uint8_t **rows = row_pointers(rgb, height, (size_t)width * 3);
    put_png(path, width, height, 8, PNG_COLOR_TYPE_RGB, 0, rows, NULL, 0, NULL, 0);
    free(rows); free(rgb); free(rgba);
}

static void png_rgba(const char *path, int width, int height, Content content, int interlace) {
    uint8_t *rgba = alloc_zeroed((size_t)width * height * 4);
    fill_rgba(rgba, width, height, content);
    uint8_t **rows = row_pointers(rgba, height, (size_t)width * 4);
    put_png(path, width, height, 8, PNG_COLOR_TYPE_RGBA, interlace, rows, NULL, 0, NULL, 0);
    free(rows); free(rgba);
}

static void png_palette(const char *path, int width, int height) {
    png_color palette[256];
    png_byte trans[16];
    ColorMapObject *cube = cube_palette();
    for (int i = 0; i < 256; i++) palette[i] = (png_color){ cube->Colors[i].Red, cube->Colors[i].Green, cube->Colors[i].Blue };
    for (int i = 0; i < 16; i++) trans[i] = (png_byte)(i * 17);
    GifFreeMapObject(cube);
    uint8_t *indices = alloc_zeroed((size_t)width * height);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            indices[(size_t)y * width + x] = cube_index(scene(x, y, width, height, 1, 10), x, y);
    uint8_t **rows = row_pointers(indices, height, (size_t)width);
    put_png(path, width, height, 8, PNG_COLOR_TYPE_PALETTE, 0, rows, palette, 256, trans, 16);
    free(rows); free(indices);
}

static void png_gray16(const char *path, int width, int height) {
    uint8_t *samples = alloc_zeroed((size_t)width * height * 2);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            unsigned v = (unsigned)(32768 + 30000 * sin(x * 0.01) * cos(y * 0.013)) + (next_random() & 255);
            if (v > 65535) v = 65535;
            samples[((size_t)y * width + x) * 2] = (uint8_t)(v >> 8);
            samples[((size_t)y * width + x) * 2 + 1] = (uint8_t)v;
        }
    uint8_t **rows = row_pointers(samples, height, (size_t)width * 2);
    put_png(path, width, height, 16, PNG_COLOR_TYPE_GRAY, 0, rows, NULL, 0, NULL, 0);
    free(rows); free(samples);
}

/* ---------- deflate inputs ---------- */

static void put_bytes(const char *path, const uint8_t *bytes, size_t count) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, count, f) != count) fail("write");
    fclose(f);
    printf("%s\n", path);
}

static void put_zlib(const char *dir, const char *name, const uint8_t *bytes, size_t count, int level) {
    uLongf size = compressBound(count);
    uint8_t *out = alloc_zeroed(size);
    if (compress2(out, &size, bytes, count, level) != Z_OK) fail("compress2");
    put_bytes(join(dir, name), out, size);
    free(out);
}

/* Raw RGB pixels of the scene, and English-like text from a small vocabulary. */
static void deflate_inputs(const char *dir) {
    int width = 1024, height = 768;
    size_t count = (size_t)width * height * 3;
    uint8_t *pixels = alloc_zeroed(count);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) {
            RGB c = scene(x, y, width, height, 2, 10);
            memcpy(pixels + ((size_t)y * width + x) * 3, &c, 3);
        }
    put_bytes(join(dir, "deflate-pixels-1024x768.rgb"), pixels, count);
    put_zlib(dir, "inflate-pixels-1024x768.zlib", pixels, count, 6);
    put_zlib(dir, "inflate-pixels-1024x768-level9.zlib", pixels, count, 9);
    free(pixels);

    static const char *words[] = { "the", "frame", "of", "a", "canvas", "and", "delay", "to", "is", "decoder",
        "animation", "in", "loop", "pixel", "browser", "with", "transparent", "disposal", "palette", "for",
        "image", "that", "each", "row", "filter", "chunk", "stream", "window", "code", "table" };
    size_t text_size = 2 << 20, used = 0;
    char *text = alloc_zeroed(text_size + 32);
    while (used < text_size) {
        /* Zipf-like: earlier words are more frequent. */
        uint32_t r = next_random() % 1000;
        int w = (int)(sqrt((double)r) * 30 / 32) % 30;
        used += (size_t)sprintf(text + used, "%s%s", words[w], next_random() % 11 == 0 ? ".\n" : " ");
    }
    put_bytes(join(dir, "deflate-text-2mb.txt"), (uint8_t *)text, text_size);
    put_zlib(dir, "inflate-text-2mb.zlib", (uint8_t *)text, text_size, 6);
    put_zlib(dir, "inflate-text-2mb-level9.zlib", (uint8_t *)text, text_size, 9);
    free(text);
}

/* The zlib stream of a PNG written above: its IDAT chunks' data, joined (libpng wrote them at zlib's
 * default level, with its own filter choice per row): what a PNG decoder inflates. */
static void put_idat(const char *dir, const char *png_name, const char *name) {
    FILE *f = fopen(join(dir, png_name), "rb");
    if (!f) fail("open png");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *png = alloc_zeroed((size_t)size), *idat = alloc_zeroed((size_t)size);
    if (fread(png, 1, (size_t)size, f) != (size_t)size) fail("read png");
    fclose(f);
    size_t used = 0;
    for (long at = 8; at + 12 <= size;) {
        uint32_t length = (uint32_t)png[at] << 24 | (uint32_t)png[at + 1] << 16 | (uint32_t)png[at + 2] << 8 | png[at + 3];
        if (at + 12 + (long)length > size) fail("png chunk");
        if (memcmp(png + at + 4, "IDAT", 4) == 0) {
            memcpy(idat + used, png + at + 8, length);
            used += length;
        }
        at += 12 + (long)length;
    }
    put_bytes(join(dir, name), idat, used);
    free(png); free(idat);
}

int generate_all(const char *dir) {
    gif_icon(join(dir, "gif-icon-32x32-24f.gif"), 32, 24);
    gif_sprite(join(dir, "gif-sticker-160x160-36f-restore.gif"), 160, 160, 36, 56, 3);
    gif_full_frames(join(dir, "gif-chat-480x270-48f.gif"), 480, 270, 48, 0, 0);
    gif_sprite(join(dir, "gif-chat-400x300-90f-delta.gif"), 400, 300, 90, 120, 1);
    gif_full_frames(join(dir, "gif-interlaced-640x360-24f-local.gif"), 640, 360, 24, 1, 1);
    gif_full_frames(join(dir, "gif-large-1024x768-40f.gif"), 1024, 768, 40, 0, 0);
    png_rgb_photo(join(dir, "png-photo-2048x1536-rgb.png"), 2048, 1536);
    png_rgba(join(dir, "png-ui-1920x1080-rgba.png"), 1920, 1080, UI, 0);
    png_palette(join(dir, "png-palette-1024x1024-trns.png"), 1024, 1024);
    png_gray16(join(dir, "png-gray16-1024x768.png"), 1024, 768);
    png_rgba(join(dir, "png-adam7-1024x1024-rgba.png"), 1024, 1024, PHOTO, 1);
    deflate_inputs(dir);
    put_idat(dir, "png-photo-2048x1536-rgb.png", "inflate-idat-photo-2048x1536-rgb.zlib");
    put_idat(dir, "png-ui-1920x1080-rgba.png", "inflate-idat-ui-1920x1080-rgba.zlib");
    return 0;
}
