/* The C reference for Zoetrope's benchmark: giflib, libpng, libwebp and zlib (and, in files of
 * their own, libspng, libdeflate and optionally Wuffs) doing the same work as zoetrope-benchmark's
 * child modes. See README.md beside this file. Benchmark harness only: none of this is part of the
 * product. */
#define _DEFAULT_SOURCE
#include "reference.h"
#include <gif_lib.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <zlib.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------- small helpers ---------- */

void die(const char *message) {
    printf("{\"error\":\"%s\"}\n", message);
    exit(2);
}

void *checked_malloc(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) die("out of memory");
    return p;
}

static Buffer read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open file");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    Buffer b = { checked_malloc((size_t)size), (size_t)size };
    if (fread(b.bytes, 1, b.count, f) != b.count) die("cannot read file");
    fclose(f);
    return b;
}

static void write_file(const char *path, const uint8_t *bytes, size_t count) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, count, f) != count) die("cannot write file");
    fclose(f);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Peak and current resident set size of this process, from /proc/self/status (kB). */
static long status_kb(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long value = -1;
    size_t keylen = strlen(key);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, keylen) == 0) { value = strtol(line + keylen, NULL, 10); break; }
    }
    fclose(f);
    return value;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    qsort(values, (size_t)count, sizeof(double), compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static void hash_canvas(CanvasHash *h, const uint8_t *rgba, size_t pixels) {
    uint64_t v = h->value;
    for (size_t i = 0; i < pixels; i++) {
        const uint8_t *p = rgba + i * 4;
        uint8_t a = p[3];
        uint8_t px[4] = { a ? p[0] : 0, a ? p[1] : 0, a ? p[2] : 0, a };
        for (int k = 0; k < 4; k++) { v ^= px[k]; v *= 0x100000001b3ULL; }
    }
    h->value = v;
}

/* Every decode calls this once per composited frame (see reference.h). */
void sink_frame(FrameSink *s, const uint8_t *canvas, size_t pixels) {
    if (s->print_each) {
        CanvasHash own = { 0xcbf29ce484222325ULL };
        hash_canvas(&own, canvas, pixels);
        printf("frame %d %016llx\n", s->frames, (unsigned long long)own.value);
    }
    if (s->keep && !s->kept) {
        s->kept = checked_malloc(pixels * 4);
        memcpy(s->kept, canvas, pixels * 4);
    }
    s->frames++;
    if (s->verify) hash_canvas(&s->hash, canvas, pixels);
    else if (pixels) s->sink += canvas[(pixels / 2) * 4 + 3];
}

/* ---------- GIF: giflib + browser compositing ---------- */

typedef struct { const uint8_t *bytes; size_t count, position; } MemoryReader;

static int gif_read(GifFileType *gif, GifByteType *into, int length) {
    MemoryReader *r = gif->UserData;
    size_t left = r->count - r->position;
    size_t n = (size_t)length < left ? (size_t)length : left;
    memcpy(into, r->bytes + r->position, n);
    r->position += n;
    return (int)n;
}

static const int interlace_start[4] = { 0, 4, 2, 1 };
static const int interlace_step[4] = { 8, 8, 4, 2 };

/* Decodes every frame of a GIF into one canvas, the way browsers composite. Returns 0 on success. */
static int decode_gif(const Buffer *file, FrameSink *sink, int *width, int *height) {
    MemoryReader reader = { file->bytes, file->count, 0 };
    int error = 0;
    GifFileType *gif = DGifOpen(&reader, gif_read, &error);
    if (!gif) return 1;
    int cw = gif->SWidth, ch = gif->SHeight;
    *width = cw; *height = ch;
    size_t canvas_bytes = (size_t)cw * (size_t)ch * 4;
    uint8_t *canvas = calloc(canvas_bytes ? canvas_bytes : 1, 1);
    uint8_t *saved = NULL;
    GifPixelType *indices = NULL;
    size_t indices_capacity = 0;
    int disposal = 0, transparent = -1, status = 0;
    GifRecordType record;
    do {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) { status = 1; break; }
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) { status = 1; break; }
            if (code == GRAPHICS_EXT_FUNC_CODE && ext) {
                GraphicsControlBlock gcb;
                if (DGifExtensionToGCB(ext[0], ext + 1, &gcb) == GIF_OK) {
                    disposal = gcb.DisposalMode;
                    transparent = gcb.TransparentColor;
                }
            }
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) { status = 1; break; }
            }
        } else if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) { status = 1; break; }
            GifImageDesc *d = &gif->Image;
            int fw = d->Width, fh = d->Height, fx = d->Left, fy = d->Top;
            size_t need = (size_t)fw * (size_t)fh;
            if (need > indices_capacity) {
                free(indices);
                indices = checked_malloc(need);
                indices_capacity = need;
            }
            /* Rows the data does not reach stay unchanged: mark them with the transparent index
             * where there is one; giflib errors end the frame early. */
            int rows_read = 0;
            int failed = 0;
            if (d->Interlace) {
                for (int pass = 0; pass < 4 && !failed; pass++)
                    for (int y = interlace_start[pass]; y < fh; y += interlace_step[pass]) {
                        if (DGifGetLine(gif, indices + (size_t)y * fw, fw) == GIF_ERROR) { failed = 1; break; }
                        rows_read++;
                    }
            } else {
                for (int y = 0; y < fh; y++) {
                    if (DGifGetLine(gif, indices + (size_t)y * fw, fw) == GIF_ERROR) { failed = 1; break; }
                    rows_read++;
                }
            }
            ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
            int colors = map ? map->ColorCount : 0;
            /* Clip the frame to the canvas. */
            int x0 = fx < 0 ? 0 : fx, y0 = fy < 0 ? 0 : fy;
            int x1 = fx + fw > cw ? cw : fx + fw, y1 = fy + fh > ch ? ch : fy + fh;
            if (disposal == 3 && x1 > x0 && y1 > y0) {
                if (!saved) saved = checked_malloc(canvas_bytes);
                for (int y = y0; y < y1; y++)
                    memcpy(saved + ((size_t)y * cw + x0) * 4, canvas + ((size_t)y * cw + x0) * 4, (size_t)(x1 - x0) * 4);
            }
            /* Damaged data: keep the rows decoded (only meaningful without interlacing). */
            if (!failed || (!d->Interlace && rows_read > 0)) {
                for (int y = y0; y < y1; y++) {
                    const GifPixelType *row = indices + (size_t)(y - fy) * fw;
                    uint8_t *out = canvas + ((size_t)y * cw) * 4;
                    if (failed && y - fy >= rows_read) break;
                    for (int x = x0; x < x1; x++) {
                        int index = row[x - fx];
                        if (index == transparent || index >= colors) continue;
                        GifColorType c = map->Colors[index];
                        uint8_t *p = out + (size_t)x * 4;
                        p[0] = c.Red; p[1] = c.Green; p[2] = c.Blue; p[3] = 255;
                    }
                }
            }
            sink_frame(sink, canvas, (size_t)cw * ch);
            if (disposal == 2) {
                for (int y = y0; y < y1; y++)
                    memset(canvas + ((size_t)y * cw + x0) * 4, 0, (size_t)(x1 - x0) * 4);
            } else if (disposal == 3 && x1 > x0 && y1 > y0) {
                for (int y = y0; y < y1; y++)
                    memcpy(canvas + ((size_t)y * cw + x0) * 4, saved + ((size_t)y * cw + x0) * 4, (size_t)(x1 - x0) * 4);
            }
            disposal = 0;
            transparent = -1;
            if (failed) break;
        }
    } while (record != TERMINATE_RECORD_TYPE);
    DGifCloseFile(gif, &error);
    free(canvas);
    free(saved);
    free(indices);
    return status && sink->frames == 0;
}

/* ---------- PNG: libpng to RGBA8 ---------- */

static void png_read_memory(png_structp png, png_bytep into, size_t length) {
    MemoryReader *r = png_get_io_ptr(png);
    if (length > r->count - r->position) png_error(png, "truncated");
    memcpy(into, r->bytes + r->position, length);
    r->position += length;
}

static int is_apng(const Buffer *file) {
    size_t p = 8;
    while (p + 8 <= file->count) {
        uint32_t length = (uint32_t)file->bytes[p] << 24 | (uint32_t)file->bytes[p + 1] << 16
                        | (uint32_t)file->bytes[p + 2] << 8 | file->bytes[p + 3];
        const uint8_t *type = file->bytes + p + 4;
        if (memcmp(type, "acTL", 4) == 0) return 1;
        if (memcmp(type, "IDAT", 4) == 0) return 0;
        p += 12 + (size_t)length;
    }
    return 0;
}

static int decode_png(const Buffer *file, FrameSink *sink, int *width, int *height) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return 1;
    }
    MemoryReader reader = { file->bytes, file->count, 0 };
    png_set_read_fn(png, &reader, png_read_memory);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int color = png_get_color_type(png, info);
    png_set_expand(png);                 /* palette → RGB, grey < 8 bits → 8, tRNS → alpha */
    png_set_strip_16(png);               /* 16-bit samples → high byte */
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER); /* no-op when alpha exists */
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row size");
    pixels = checked_malloc((size_t)w * h * 4);
    rows = checked_malloc(sizeof(png_bytep) * h);
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    *width = (int)w; *height = (int)h;
    sink_frame(sink, pixels, (size_t)w * h);
    png_destroy_read_struct(&png, &info, NULL);
    free(pixels);
    free(rows);
    return 0;
}

/* ---------- WebP: libwebp's animation decoder (stills too), its default RGBA output ---------- */

static int decode_webp(const Buffer *file, FrameSink *sink, int *width, int *height) {
    WebPData data = { file->bytes, file->count };
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return 1;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
    if (!decoder) return 1;
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(decoder, &info)) { WebPAnimDecoderDelete(decoder); return 1; }
    *width = (int)info.canvas_width;
    *height = (int)info.canvas_height;
    int failed = 0;
    while (WebPAnimDecoderHasMoreFrames(decoder)) {
        uint8_t *canvas;
        int timestamp;
        if (!WebPAnimDecoderGetNext(decoder, &canvas, &timestamp)) { failed = 1; break; }
        sink_frame(sink, canvas, (size_t)info.canvas_width * info.canvas_height);
    }
    WebPAnimDecoderDelete(decoder);
    return failed;
}

/* ---------- measuring modes ---------- */

static int parse_verify(int argc, char **argv, int from) {
    for (int i = from; i < argc; i++) if (strcmp(argv[i], "--verify") == 0) return 1;
    return 0;
}

/* `--library NAME` picks a decoder other than the default one (see `libraries`); NULL: the default. */
static const char *parse_library(int argc, char **argv, int from) {
    for (int i = from; i + 1 < argc; i++) if (strcmp(argv[i], "--library") == 0) return argv[i + 1];
    return NULL;
}

/* `libraries`: which decoders this build has, per format, the default first, and what was left out
 * of the build (one JSON line). */
static int run_libraries(void) {
#ifdef ZOETROPE_WUFFS_SOURCE
    const char *wuffs = ",\"wuffs\"", *wuffs_skipped = "";
#else
    const char *wuffs = "", *wuffs_skipped = "Wuffs skipped: built without it (ZOETROPE_WUFFS_C=/path/to/wuffs-v0.4.c enables it)";
#endif
#ifdef ZOETROPE_HAS_LIBDEFLATE_SSE2
    const char *sse2 = ",\"libdeflate-sse2\"", *sse2_skipped = "";
#else
    const char *sse2 = "", *sse2_skipped = "libdeflate SSE2 only skipped: built without it "
        "(ZOETROPE_LIBDEFLATE_SOURCE=/path/to/libdeflate-1.14 enables it on x86-64)";
#endif
    const char *separator = *wuffs_skipped && *sse2_skipped ? "; " : "";
    printf("{\"gif\":[\"giflib\"%s],\"png\":[\"libpng\",\"libspng\"%s],\"webp\":[\"libwebp\"],"
           "\"inflate\":[\"zlib\",\"libdeflate\"%s],\"skipped\":\"%s%s%s\"}\n",
           wuffs, wuffs, sse2, wuffs_skipped, separator, sse2_skipped);
    return 0;
}

static Buffer zlib_inflate_all(const Buffer *in);
static Buffer zlib_compress(const Buffer *in, int level);

/* Runs `body(context)` until `min_ms` have passed (at least 3 times, at most 10 000 times) and
 * returns the median time of one run (the fastest in `*fastest_out` when it is not NULL). */
static double measure(double min_ms, int *runs_out, double *fastest_out, void (*body)(void *), void *context) {
    int capacity = 10000, runs = 0;
    double *times = checked_malloc(sizeof(double) * (size_t)capacity);
    double started = now_seconds();
    while (runs < capacity && (runs < 3 || now_seconds() - started < min_ms / 1000.0)) {
        double t0 = now_seconds();
        body(context);
        times[runs++] = now_seconds() - t0;
    }
    double result = median(times, runs);
    if (fastest_out) *fastest_out = times[0]; /* sorted by median() */
    free(times);
    *runs_out = runs;
    return result;
}

typedef struct { Decoder decoder; const Buffer *file; FrameSink sink; int width, height; } DecodeJob;

static void decode_once(void *context) {
    DecodeJob *job = context;
    job->sink.frames = 0;
    job->decoder(job->file, &job->sink, &job->width, &job->height);
}

/* Inflates a whole zlib stream; `expected` is the output size when known (0 when not). */
typedef Buffer (*InflateAll)(const Buffer *in, size_t expected);

typedef struct { const Buffer *file; int level; size_t expected; InflateAll inflate_all; } ZlibJob;

static Buffer zlib_inflate_any_size(const Buffer *in, size_t expected) {
    (void)expected; /* zlib's buffer grows as it goes */
    return zlib_inflate_all(in);
}

static void inflate_once(void *context) {
    ZlibJob *job = context;
    Buffer b = job->inflate_all(job->file, job->expected);
    free(b.bytes);
}

static void deflate_once(void *context) {
    ZlibJob *job = context;
    Buffer b = zlib_compress(job->file, job->level);
    free(b.bytes);
}

static int unknown_library(const char *library) {
    printf("{\"tool\":\"reference\",\"unsupported\":\"no library %s in this build for this format\"}\n", library);
    return 0;
}

static int run_decode(const char *path, double min_ms, int verify, const char *choice) {
    Buffer file = read_file(path);
    long baseline = status_kb("VmRSS:");
    Decoder decoder;
    const char *format, *library;
    char giflib_version[32];
    snprintf(giflib_version, sizeof giflib_version, "giflib %d.%d.%d", GIFLIB_MAJOR, GIFLIB_MINOR, GIFLIB_RELEASE);
#define CHOSEN(name) (choice && strcmp(choice, name) == 0)
    if (file.count >= 6 && memcmp(file.bytes, "GIF8", 4) == 0) {
        format = "gif";
        if (!choice || CHOSEN("giflib")) { decoder = decode_gif; library = giflib_version; }
#ifdef ZOETROPE_WUFFS_SOURCE
        else if (CHOSEN("wuffs")) { decoder = decode_gif_wuffs; library = wuffs_library_name(); }
#endif
        else return unknown_library(choice);
    } else if (file.count >= 8 && memcmp(file.bytes, "\x89PNG\r\n\x1a\n", 8) == 0) {
        if (is_apng(&file)) {
            printf("{\"tool\":\"reference\",\"format\":\"apng\",\"unsupported\":\"the C reference decodes PNG stills only (Debian's libpng has no APNG support)\"}\n");
            return 0;
        }
        format = "png";
        if (!choice || CHOSEN("libpng")) { decoder = decode_png; library = "libpng " PNG_LIBPNG_VER_STRING; }
        else if (CHOSEN("libspng")) { decoder = decode_png_spng; library = spng_library_name(); }
#ifdef ZOETROPE_WUFFS_SOURCE
        else if (CHOSEN("wuffs")) { decoder = decode_png_wuffs; library = wuffs_library_name(); }
#endif
        else return unknown_library(choice);
    } else if (file.count >= 12 && memcmp(file.bytes, "RIFF", 4) == 0 && memcmp(file.bytes + 8, "WEBP", 4) == 0) {
        if (choice && !CHOSEN("libwebp")) return unknown_library(choice);
        static char webp_version[32];
        int v = WebPGetDecoderVersion();
        snprintf(webp_version, sizeof webp_version, "libwebp %d.%d.%d", v >> 16, (v >> 8) & 0xff, v & 0xff);
        decoder = decode_webp; format = "webp"; library = webp_version;
    } else die("unknown format");
    int width = 0, height = 0;
    FrameSink check = { .verify = 1, .hash = { 0xcbf29ce484222325ULL } };
    if (decoder(&file, &check, &width, &height)) die("decode failed");
    int runs;
    DecodeJob job = { decoder, &file, { 0 }, 0, 0 };
    double med = measure(min_ms, &runs, NULL, decode_once, &job);
    printf("{\"tool\":\"reference\",\"library\":\"%s\",\"format\":\"%s\",\"frames\":%d,\"width\":%d,\"height\":%d,"
           "\"median_seconds\":%.9f,\"runs\":%d,\"peak_rss_kb\":%ld,\"baseline_rss_kb\":%ld,\"sink\":%u",
           library, format,
           check.frames, width, height, med, runs, status_kb("VmHWM:"), baseline, job.sink.sink);
    if (verify) printf(",\"hash\":\"%016llx\"", (unsigned long long)check.hash.value);
    printf("}\n");
    free(file.bytes);
    return 0;
}

static Buffer zlib_inflate_all(const Buffer *in) {
    z_stream z = { 0 };
    if (inflateInit(&z) != Z_OK) die("inflateInit failed");
    size_t capacity = in->count * 4 + 1024;
    Buffer out = { checked_malloc(capacity), 0 };
    z.next_in = in->bytes;
    z.avail_in = (uInt)in->count;
    int status;
    do {
        if (out.count == capacity) {
            capacity *= 2;
            out.bytes = realloc(out.bytes, capacity);
            if (!out.bytes) die("out of memory");
        }
        z.next_out = out.bytes + out.count;
        z.avail_out = (uInt)(capacity - out.count);
        status = inflate(&z, Z_NO_FLUSH);
        out.count = capacity - z.avail_out;
    } while (status == Z_OK);
    if (status != Z_STREAM_END) die("inflate failed");
    inflateEnd(&z);
    return out;
}

static int run_inflate(const char *path, double min_ms, const char *choice) {
    InflateAll inflate_all;
    char library[64];
    if (!choice || strcmp(choice, "zlib") == 0) {
        inflate_all = zlib_inflate_any_size;
        snprintf(library, sizeof library, "zlib %s", zlibVersion());
    } else if (strcmp(choice, "libdeflate") == 0) {
        inflate_all = libdeflate_inflate_all;
        snprintf(library, sizeof library, "%s", libdeflate_library_name());
#ifdef ZOETROPE_HAS_LIBDEFLATE_SSE2
    } else if (strcmp(choice, "libdeflate-sse2") == 0) {
        inflate_all = libdeflate_sse2_inflate_all;
        snprintf(library, sizeof library, "%s", libdeflate_sse2_library_name());
#endif
    } else {
        return unknown_library(choice);
    }
    Buffer file = read_file(path);
    Buffer check = inflate_all(&file, 0);
    CanvasHash h = { 0xcbf29ce484222325ULL };
    for (size_t i = 0; i < check.count; i++) { h.value ^= check.bytes[i]; h.value *= 0x100000001b3ULL; }
    int runs;
    ZlibJob job = { &file, 0, check.count, inflate_all };
    double med = measure(min_ms, &runs, NULL, inflate_once, &job);
    printf("{\"tool\":\"reference\",\"library\":\"%s\",\"input_bytes\":%zu,\"output_bytes\":%zu,"
           "\"median_seconds\":%.9f,\"runs\":%d,\"peak_rss_kb\":%ld,\"hash\":\"%016llx\"}\n",
           library, file.count, check.count, med, runs, status_kb("VmHWM:"),
           (unsigned long long)h.value);
    free(check.bytes);
    free(file.bytes);
    return 0;
}

static Buffer zlib_compress(const Buffer *in, int level) {
    uLongf size = compressBound(in->count);
    Buffer out = { checked_malloc(size), 0 };
    if (compress2(out.bytes, &size, in->bytes, in->count, level) != Z_OK) die("compress failed");
    out.count = size;
    return out;
}

static int run_deflate(const char *path, int level, double min_ms) {
    Buffer file = read_file(path);
    Buffer check = zlib_compress(&file, level);
    int runs;
    ZlibJob job = { &file, level, 0, NULL };
    double med = measure(min_ms, &runs, NULL, deflate_once, &job);
    printf("{\"tool\":\"reference\",\"library\":\"zlib %s\",\"level\":%d,\"input_bytes\":%zu,\"output_bytes\":%zu,"
           "\"median_seconds\":%.9f,\"runs\":%d,\"peak_rss_kb\":%ld}\n",
           zlibVersion(), level, file.count, check.count, med, runs, status_kb("VmHWM:"));
    free(check.bytes);
    free(file.bytes);
    return 0;
}

/* ---------- encoding lossy WebP: libwebp's WebPEncode in-process ---------- */

/* One encode as cwebp does it for a lossy still (WebPConfigInit's defaults, the given quality and
 * method, one thread): the RGB(A) import with its conversion to Y'CbCr, then WebPEncode. */
typedef struct {
    const uint8_t *pixels; int width, height, has_alpha;
    float quality; int method;
    size_t output_bytes; uint8_t *output; /* the last encode's bytes (kept until the next one) */
} WebPEncodeJob;

static void encode_webp_once(void *context) {
    WebPEncodeJob *job = context;
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) die("libwebp version mismatch");
    config.quality = job->quality;
    config.method = job->method;
    config.thread_level = 0;
    if (!WebPValidateConfig(&config)) die("invalid WebP configuration");
    picture.width = job->width;
    picture.height = job->height;
    picture.use_argb = 0;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int imported = job->has_alpha
        ? WebPPictureImportRGBA(&picture, job->pixels, job->width * 4)
        : WebPPictureImportRGB(&picture, job->pixels, job->width * 3);
    if (!imported || !WebPEncode(&config, &picture)) die("WebPEncode failed");
    WebPPictureFree(&picture);
    free(job->output);
    job->output = writer.mem;
    job->output_bytes = writer.size;
}

/* `encode-webp IN Q METHOD MIN_MS [--out FILE]`: IN's first frame (PNG, GIF or WebP, decoded by the
 * libraries above) encoded as a lossy WebP still at quality Q and METHOD, timed in-process; RGB is
 * imported when every pixel is opaque (as cwebp does for an RGB PNG), RGBA otherwise. */
static int run_encode_webp(const char *path, double quality, int method, double min_ms, const char *out) {
    Buffer file = read_file(path);
    FrameSink sink = { .keep = 1 };
    int width = 0, height = 0, failed;
    if (file.count >= 12 && memcmp(file.bytes, "RIFF", 4) == 0) failed = decode_webp(&file, &sink, &width, &height);
    else if (file.count >= 6 && memcmp(file.bytes, "GIF8", 4) == 0) failed = decode_gif(&file, &sink, &width, &height);
    else failed = decode_png(&file, &sink, &width, &height);
    if (failed || !sink.kept) die("decode failed");
    size_t pixels = (size_t)width * height;
    int has_alpha = 0;
    for (size_t i = 0; i < pixels; i++) if (sink.kept[i * 4 + 3] != 255) { has_alpha = 1; break; }
    if (!has_alpha) for (size_t i = 0; i < pixels; i++) memmove(sink.kept + i * 3, sink.kept + i * 4, 3);
    WebPEncodeJob job = { sink.kept, width, height, has_alpha, (float)quality, method, 0, NULL };
    int runs;
    double fastest;
    double med = measure(min_ms, &runs, &fastest, encode_webp_once, &job);
    if (out) write_file(out, job.output, job.output_bytes);
    int v = WebPGetEncoderVersion();
    printf("{\"tool\":\"reference\",\"library\":\"libwebp %d.%d.%d\",\"format\":\"webp-lossy\",\"width\":%d,\"height\":%d,"
           "\"quality\":%g,\"method\":%d,\"alpha\":%d,\"output_bytes\":%zu,\"median_seconds\":%.9f,"
           "\"fastest_seconds\":%.9f,\"runs\":%d}\n",
           v >> 16, (v >> 8) & 0xff, v & 0xff, width, height, quality, method, has_alpha, job.output_bytes, med,
           fastest, runs);
    free(job.output);
    free(sink.kept);
    free(file.bytes);
    return 0;
}

static const char *parse_out(int argc, char **argv, int from) {
    for (int i = from; i + 1 < argc; i++) if (strcmp(argv[i], "--out") == 0) return argv[i + 1];
    return NULL;
}

/* ---------- generating the benchmark's own files ---------- */

#include "generate.h"

/* `frames FILE`: one line per composited frame with its canonical hash, for differential checks. */
static int run_frames(const char *path) {
    Buffer file = read_file(path);
    FrameSink sink = { .print_each = 1 };
    int width = 0, height = 0, failed;
    if (file.count >= 12 && memcmp(file.bytes, "RIFF", 4) == 0) failed = decode_webp(&file, &sink, &width, &height);
    else if (file.count >= 6 && memcmp(file.bytes, "GIF8", 4) == 0) failed = decode_gif(&file, &sink, &width, &height);
    else failed = decode_png(&file, &sink, &width, &height);
    printf("%s %dx%d %d frames\n", failed ? "error" : "ok", width, height, sink.frames);
    free(file.bytes);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "frames") == 0) return run_frames(argv[2]);
    if (argc >= 2 && strcmp(argv[1], "libraries") == 0) return run_libraries();
    if (argc >= 4 && strcmp(argv[1], "decode") == 0)
        return run_decode(argv[2], atof(argv[3]), parse_verify(argc, argv, 4), parse_library(argc, argv, 4));
    if (argc >= 4 && strcmp(argv[1], "inflate") == 0) return run_inflate(argv[2], atof(argv[3]), parse_library(argc, argv, 4));
    if (argc >= 5 && strcmp(argv[1], "deflate") == 0) return run_deflate(argv[2], atoi(argv[3]), atof(argv[4]));
    if (argc >= 5 && strcmp(argv[1], "zcompress") == 0) {
        Buffer in = read_file(argv[2]);
        Buffer out = zlib_compress(&in, atoi(argv[4]));
        write_file(argv[3], out.bytes, out.count);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "generate") == 0) return generate_all(argv[2]);
    if (argc >= 6 && strcmp(argv[1], "encode-webp") == 0)
        return run_encode_webp(argv[2], atof(argv[3]), atoi(argv[4]), atof(argv[5]), parse_out(argc, argv, 6));
    fprintf(stderr,
            "usage: zoetrope-reference decode FILE MIN_MS [--verify] [--library NAME]\n"
            "       zoetrope-reference inflate FILE MIN_MS [--library zlib|libdeflate|libdeflate-sse2]\n"
            "       zoetrope-reference libraries\n"
            "       zoetrope-reference deflate FILE LEVEL MIN_MS\n"
            "       zoetrope-reference zcompress IN OUT LEVEL\n"
            "       zoetrope-reference generate DIR\n"
            "       zoetrope-reference encode-webp IN QUALITY METHOD MIN_MS [--out FILE]\n");
    return 64;
}
