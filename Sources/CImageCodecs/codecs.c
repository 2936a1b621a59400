// Vitrina's calls into libjpeg-turbo, libpng and libwebp. Every error ends here as a message: libjpeg's by longjmp to
// the call's own setjmp, libpng's simplified API by its return value, libwebp's by its status codes.
// Las llamadas de Vitrina a libjpeg-turbo, libpng y libwebp; cada error acaba aquí como un mensaje.
#include "vitrina_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <zlib.h>

// Neither side of a picture may pass this: JPEG's own limit, and far beyond any screen.
#define VIT_MAX_SIDE 65500

static int fail(vit_error *error, const char *message) {
    if (error) snprintf(error->message, sizeof error->message, "%s", message);
    return -1;
}

static int allocate(vit_image *out, int width, int height, int has_alpha, vit_error *error) {
    out->pixels = NULL;
    if (width <= 0 || height <= 0 || width > VIT_MAX_SIDE || height > VIT_MAX_SIDE) return fail(error, "the picture's size is out of range");
    out->pixels = malloc((size_t)width * (size_t)height * 4);
    if (!out->pixels) return fail(error, "not enough memory for the picture");
    out->width = width;
    out->height = height;
    out->has_alpha = has_alpha;
    return 0;
}

int vit_image_create(const uint8_t *rgba, int width, int height, int has_alpha, vit_image *out, vit_error *error) {
    if (!rgba || allocate(out, width, height, has_alpha, error) != 0) return fail(error, "the picture's size is out of range");
    memcpy(out->pixels, rgba, (size_t)width * (size_t)height * 4);
    return 0;
}

void vit_image_free(vit_image *image) {
    if (!image) return;
    free(image->pixels);
    image->pixels = NULL;
}

void vit_free(void *memory) { free(memory); }

// MARK: JPEG

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    vit_error *error;
    int warnings;
} vit_jpeg_errors;

static void jpeg_fail(j_common_ptr info) {
    vit_jpeg_errors *errors = (vit_jpeg_errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    fail(errors->error, text);
    longjmp(errors->jump, 1);
}

// A warning (corrupt or truncated data, which libjpeg would fill with grey) counts as an error; trace messages do not.
static void jpeg_message(j_common_ptr info, int level) {
    vit_jpeg_errors *errors = (vit_jpeg_errors *)info->err;
    if (level >= 0) return;
    if (errors->warnings++ == 0) {
        char text[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, text);
        fail(errors->error, text);
    }
}

static void jpeg_errors_init(vit_jpeg_errors *errors, vit_error *error) {
    jpeg_std_error(&errors->base);
    errors->base.error_exit = jpeg_fail;
    errors->base.emit_message = jpeg_message;
    errors->error = error;
    errors->warnings = 0;
}

int vit_jpeg_info(const uint8_t *data, size_t size, int *width, int *height, vit_error *error) {
    struct jpeg_decompress_struct info;
    vit_jpeg_errors errors;
    if (size == 0 || size > (size_t)0x7fffffff) return fail(error, "the file is empty or too large");
    jpeg_errors_init(&errors, error);
    info.err = &errors.base;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int vit_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels, vit_image *out, vit_error *error) {
    struct jpeg_decompress_struct info;
    vit_jpeg_errors errors;
    uint8_t *volatile row = NULL;
    out->pixels = NULL;
    if (size == 0 || size > (size_t)0x7fffffff) return fail(error, "the file is empty or too large");
    if (scale_denom != 1 && scale_denom != 2 && scale_denom != 4 && scale_denom != 8) return fail(error, "unsupported scale");
    jpeg_errors_init(&errors, error);
    info.err = &errors.base;
    if (setjmp(errors.jump)) {
        free(row);
        vit_image_free(out);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if ((int64_t)info.image_width * (int64_t)info.image_height > max_pixels) {
        jpeg_destroy_decompress(&info);
        return fail(error, "the picture has more pixels than the limit");
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.scale_num = 1;
    info.scale_denom = (unsigned int)scale_denom;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    if (allocate(out, (int)info.output_width, (int)info.output_height, 0, error) != 0) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if (cmyk) row = malloc((size_t)info.output_width * 4);
    if (cmyk && !row) longjmp(errors.jump, 1);
    // Adobe's CMYK JPEGs store the inks inverted, as nearly every CMYK JPEG in the wild is.
    int inverted = info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        uint8_t *target = out->pixels + (size_t)info.output_scanline * (size_t)info.output_width * 4;
        JSAMPROW rows[1] = { cmyk ? row : target };
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            fail(error, "the JPEG data ends early");
            longjmp(errors.jump, 1);
        }
        if (cmyk) {
            for (JDIMENSION x = 0; x < info.output_width; x++) {
                int c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                target[x * 4] = (uint8_t)(c * k / 255);
                target[x * 4 + 1] = (uint8_t)(m * k / 255);
                target[x * 4 + 2] = (uint8_t)(y * k / 255);
                target[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    free(row);
    row = NULL;
    int warnings = errors.warnings;
    jpeg_destroy_decompress(&info);
    if (warnings > 0) {
        vit_image_free(out);
        return -1;
    }
    return 0;
}

int vit_jpeg_encode(const vit_image *in, int quality, uint8_t **out, size_t *out_size, vit_error *error) {
    struct jpeg_compress_struct info;
    vit_jpeg_errors errors;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    *out = NULL;
    *out_size = 0;
    if (!in->pixels || in->width <= 0 || in->height <= 0) return fail(error, "no picture to encode");
    jpeg_errors_init(&errors, error);
    info.err = &errors.base;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)in->width;
    info.image_height = (JDIMENSION)in->height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    info.optimize_coding = TRUE;
    jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW rows[1] = { in->pixels + (size_t)info.next_scanline * (size_t)in->width * 4 };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_size = length;
    return 0;
}

// MARK: PNG

int vit_png_decode(const uint8_t *data, size_t size, int64_t max_pixels, vit_image *out, vit_error *error) {
    png_image image;
    out->pixels = NULL;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return fail(error, image.message);
    if ((int64_t)image.width * (int64_t)image.height > max_pixels) {
        png_image_free(&image);
        return fail(error, "the picture has more pixels than the limit");
    }
    int alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    image.format = PNG_FORMAT_RGBA;
    if (allocate(out, (int)image.width, (int)image.height, alpha, error) != 0) {
        png_image_free(&image);
        return -1;
    }
    if (!png_image_finish_read(&image, NULL, out->pixels, 0, NULL)) {
        fail(error, image.message);
        png_image_free(&image);
        vit_image_free(out);
        return -1;
    }
    // libpng's simplified reader reports damage after the pixels (a bad CRC in a late chunk) as a warning.
    if (image.warning_or_error & PNG_IMAGE_ERROR) {
        fail(error, image.message);
        vit_image_free(out);
        return -1;
    }
    return 0;
}

int vit_png_encode(const vit_image *in, uint8_t **out, size_t *out_size, vit_error *error) {
    png_image image;
    png_alloc_size_t length = 0;
    *out = NULL;
    *out_size = 0;
    if (!in->pixels || in->width <= 0 || in->height <= 0) return fail(error, "no picture to encode");
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)in->width;
    image.height = (png_uint_32)in->height;
    image.format = PNG_FORMAT_RGBA;
    // Without alpha the pixels go out as RGB: the same picture, a quarter fewer bytes to compress.
    uint8_t *rgb = NULL;
    const void *pixels = in->pixels;
    if (!in->has_alpha) {
        size_t count = (size_t)in->width * (size_t)in->height;
        rgb = malloc(count * 3);
        if (!rgb) return fail(error, "not enough memory to encode the picture");
        for (size_t i = 0; i < count; i++) memcpy(rgb + i * 3, in->pixels + i * 4, 3);
        image.format = PNG_FORMAT_RGB;
        pixels = rgb;
    }
    if (!png_image_write_to_memory(&image, NULL, &length, 0, pixels, 0, NULL)) {
        free(rgb);
        return fail(error, image.message);
    }
    uint8_t *buffer = malloc(length);
    if (!buffer) {
        free(rgb);
        return fail(error, "not enough memory to encode the picture");
    }
    if (!png_image_write_to_memory(&image, buffer, &length, 0, pixels, 0, NULL)) {
        free(rgb);
        free(buffer);
        return fail(error, image.message);
    }
    free(rgb);
    *out = buffer;
    *out_size = length;
    return 0;
}

// MARK: WebP

int vit_webp_decode(const uint8_t *data, size_t size, int64_t max_pixels, vit_image *out, vit_error *error) {
    WebPBitstreamFeatures features;
    out->pixels = NULL;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return fail(error, "not a WebP picture libwebp can read");
    if ((int64_t)features.width * (int64_t)features.height > max_pixels) return fail(error, "the picture has more pixels than the limit");
    if (allocate(out, features.width, features.height, features.has_alpha, error) != 0) return -1;
    size_t stride = (size_t)features.width * 4;
    if (!WebPDecodeRGBAInto(data, size, out->pixels, stride * (size_t)features.height, (int)stride)) {
        vit_image_free(out);
        return fail(error, "the WebP data is damaged or ends early");
    }
    return 0;
}

static int picture_from(const vit_image *in, WebPPicture *picture, vit_error *error) {
    if (!WebPPictureInit(picture)) return fail(error, "libwebp version mismatch");
    picture->use_argb = 1;
    picture->width = in->width;
    picture->height = in->height;
    if (!WebPPictureImportRGBA(picture, in->pixels, in->width * 4)) {
        WebPPictureFree(picture);
        return fail(error, "not enough memory for the picture");
    }
    return 0;
}

int vit_resize(const vit_image *in, int width, int height, vit_image *out, vit_error *error) {
    WebPPicture picture;
    out->pixels = NULL;
    if (!in->pixels || width <= 0 || height <= 0 || width > VIT_MAX_SIDE || height > VIT_MAX_SIDE) return fail(error, "the new size is out of range");
    if (picture_from(in, &picture, error) != 0) return -1;
    if (!WebPPictureRescale(&picture, width, height)) {
        WebPPictureFree(&picture);
        return fail(error, "libwebp could not rescale the picture");
    }
    if (allocate(out, width, height, in->has_alpha, error) != 0) {
        WebPPictureFree(&picture);
        return -1;
    }
    for (int y = 0; y < height; y++) {
        const uint32_t *source = picture.argb + (size_t)y * (size_t)picture.argb_stride;
        uint8_t *target = out->pixels + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            uint32_t argb = source[x];
            target[x * 4] = (uint8_t)(argb >> 16);
            target[x * 4 + 1] = (uint8_t)(argb >> 8);
            target[x * 4 + 2] = (uint8_t)argb;
            target[x * 4 + 3] = (uint8_t)(argb >> 24);
        }
    }
    WebPPictureFree(&picture);
    return 0;
}

int vit_webp_encode(const vit_image *in, float quality, uint8_t **out, size_t *out_size, vit_error *error) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    *out = NULL;
    *out_size = 0;
    if (!in->pixels || in->width <= 0 || in->height <= 0 || in->width > WEBP_MAX_DIMENSION || in->height > WEBP_MAX_DIMENSION) {
        return fail(error, "the picture's size is out of WebP's range");
    }
    if (!WebPConfigPreset(&config, WEBP_PRESET_PHOTO, quality < 0 ? 0 : quality > 100 ? 100 : quality)) return fail(error, "libwebp version mismatch");
    config.method = 4;
    if (picture_from(in, &picture, error) != 0) return -1;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int done = WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!done) {
        WebPMemoryWriterClear(&writer);
        return fail(error, "libwebp could not encode the picture");
    }
    *out = writer.mem;
    *out_size = writer.size;
    return 0;
}

// MARK: Orientation

int vit_orient(const vit_image *in, int orientation, vit_image *out, vit_error *error) {
    out->pixels = NULL;
    if (!in->pixels || orientation < 1 || orientation > 8) return fail(error, "orientation out of range");
    int swap = orientation >= 5;
    int width = swap ? in->height : in->width;
    int height = swap ? in->width : in->height;
    if (allocate(out, width, height, in->has_alpha, error) != 0) return -1;
    const uint32_t *source = (const uint32_t *)in->pixels;
    uint32_t *target = (uint32_t *)out->pixels;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            // (sx, sy): the source pixel shown at (x, y) once the picture is upright (EXIF 2.3, tag 0x0112).
            int sx, sy;
            switch (orientation) {
            case 2: sx = in->width - 1 - x; sy = y; break;
            case 3: sx = in->width - 1 - x; sy = in->height - 1 - y; break;
            case 4: sx = x; sy = in->height - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = in->height - 1 - x; break;
            case 7: sx = in->width - 1 - y; sy = in->height - 1 - x; break;
            case 8: sx = in->width - 1 - y; sy = x; break;
            default: sx = x; sy = y; break;
            }
            target[(size_t)y * (size_t)width + (size_t)x] = source[(size_t)sy * (size_t)in->width + (size_t)sx];
        }
    }
    return 0;
}

int vit_inflate(const uint8_t *data, size_t size, size_t max_size, uint8_t **out, size_t *out_size, vit_error *error) {
    *out = NULL;
    *out_size = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return fail(error, "zlib could not start");
    size_t capacity = size * 4 < 4096 ? 4096 : size * 4;
    if (capacity > max_size) capacity = max_size;
    uint8_t *buffer = malloc(capacity + 1);
    if (!buffer) { inflateEnd(&stream); return fail(error, "out of memory"); }
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)(size > UINT32_MAX ? UINT32_MAX : size);
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (stream.total_out == capacity) {
            if (capacity >= max_size) { status = Z_BUF_ERROR; break; }
            size_t grown = capacity * 2 > max_size ? max_size : capacity * 2;
            uint8_t *larger = realloc(buffer, grown + 1);
            if (!larger) { status = Z_MEM_ERROR; break; }
            buffer = larger;
            capacity = grown;
        }
        stream.next_out = buffer + stream.total_out;
        stream.avail_out = (uInt)(capacity - stream.total_out);
        status = inflate(&stream, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END) break;
    }
    size_t produced = stream.total_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
        free(buffer);
        return fail(error, status == Z_BUF_ERROR ? "the compressed data is larger than allowed or cut short" : "the compressed data is damaged");
    }
    *out = buffer;
    *out_size = produced;
    return 0;
}

uint32_t vit_crc32(const uint8_t *data, size_t size) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (size > 0) {
        uInt part = size > UINT32_MAX ? UINT32_MAX : (uInt)size;
        crc = crc32(crc, data, part);
        data += part;
        size -= part;
    }
    return (uint32_t)crc;
}
