// Decoding, resizing and encoding of pictures over Debian's libjpeg-turbo, libpng and libwebp, with every library error
// caught here (libjpeg reports errors by longjmp, which Swift cannot cross): each call returns 0 or fills `error`.
// Decodificación, redimensionado y codificación de imágenes sobre libjpeg-turbo, libpng y libwebp; errores atrapados aquí.
#ifndef VITRINA_CODECS_H
#define VITRINA_CODECS_H

#include <stddef.h>
#include <stdint.h>

// Pixels as RGBA, 8 bits a channel, rows without padding; `pixels` is malloc'd, freed by vit_image_free.
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
    int has_alpha;
} vit_image;

typedef struct {
    char message[240];
} vit_error;

// A picture made from RGBA bytes (width x height x 4), copied.
int vit_image_create(const uint8_t *rgba, int width, int height, int has_alpha, vit_image *out, vit_error *error);

// A JPEG's size and components from its header, without decoding it.
int vit_jpeg_info(const uint8_t *data, size_t size, int *width, int *height, vit_error *error);
// A JPEG decoded at 1/scale_denom of its size (1, 2, 4 or 8: libjpeg-turbo's scaled decoding, cheap in time and
// memory); CMYK and YCCK converted to RGB; refused past max_pixels (at full size) or on any warning (truncated data).
int vit_jpeg_decode(const uint8_t *data, size_t size, int scale_denom, int64_t max_pixels, vit_image *out, vit_error *error);
// A PNG of any kind (palette, grey, 16-bit, interlaced) as 8-bit RGBA, refused past max_pixels.
int vit_png_decode(const uint8_t *data, size_t size, int64_t max_pixels, vit_image *out, vit_error *error);
// A WebP as RGBA, refused past max_pixels.
int vit_webp_decode(const uint8_t *data, size_t size, int64_t max_pixels, vit_image *out, vit_error *error);

// The picture turned as EXIF orientation 1–8 says, so it shows upright with no metadata.
int vit_orient(const vit_image *in, int orientation, vit_image *out, vit_error *error);
// The picture at width x height with libwebp's rescaler (alpha premultiplied while it averages).
int vit_resize(const vit_image *in, int width, int height, vit_image *out, vit_error *error);

// Encoders: a malloc'd buffer the caller frees with vit_free; nothing but pixels is written (no EXIF, XMP or ICC).
int vit_webp_encode(const vit_image *in, float quality, uint8_t **out, size_t *out_size, vit_error *error);
int vit_jpeg_encode(const vit_image *in, int quality, uint8_t **out, size_t *out_size, vit_error *error);
int vit_png_encode(const vit_image *in, uint8_t **out, size_t *out_size, vit_error *error);

// zlib data (a PNG's iCCP chunk) inflated into a malloc'd buffer the caller frees with vit_free; refused past max_size.
int vit_inflate(const uint8_t *data, size_t size, size_t max_size, uint8_t **out, size_t *out_size, vit_error *error);

// zlib's CRC-32 of `size` bytes (a PNG chunk's check).
uint32_t vit_crc32(const uint8_t *data, size_t size);

void vit_image_free(vit_image *image);
void vit_free(void *memory);

#endif
