#!/usr/bin/env python3
"""Makes Tests/Fixtures/colour/: pictures that carry a colour profile, and what a colour manager (LittleCMS, through
Pillow's ImageCms) makes of them in sRGB, the oracle of Vitrina's own conversion (Sources/VitrinaKit/Pictures/ColourProfile.swift).

Needs Pillow from PyPI (`pip install pillow`) and Debian's colord-data (CC0 profiles: Adobe RGB (1998), ProPhoto RGB).
Run from the repository: python3 Scripts/colour-fixtures.py [profiles folder]
"""
import io
import random
import sys
from pathlib import Path

from PIL import Image, ImageCms

PROFILES = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/color/icc/colord")
OUT = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "colour"
SRGB = ImageCms.createProfile("sRGB")


def to_srgb(image, icc):
    """LittleCMS's conversion from the picture's profile to sRGB (relative colorimetric)."""
    return ImageCms.profileToProfile(image, ImageCms.ImageCmsProfile(io.BytesIO(icc)), SRGB,
                                     renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB")


def gradient():
    """192 x 128: red across, green down, blue in a pattern: every 8-bit value of each channel, saturated corners."""
    image = Image.new("RGB", (192, 128))
    image.putdata([(x * 255 // 191, y * 255 // 127, (x * 7 + y * 13) % 256) for y in range(128) for x in range(192)])
    return image


def patches():
    """192 x 128 in 16 x 16 patches of one colour each (a JPEG keeps a flat patch's middle), seeded."""
    rng = random.Random(20261126)
    levels = [0, 16, 64, 128, 192, 235, 255]
    image = Image.new("RGB", (192, 128))
    for row in range(8):
        for column in range(12):
            colour = tuple(rng.choice(levels) for _ in range(3))
            image.paste(colour, (column * 16, row * 16, column * 16 + 16, row * 16 + 16))
    return image


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    adobe = (PROFILES / "AdobeRGB1998.icc").read_bytes()
    prophoto = (PROFILES / "ProPhotoRGB.icc").read_bytes()

    png = gradient()
    png.save(OUT / "adobe-rgb.png", icc_profile=adobe)
    to_srgb(Image.open(OUT / "adobe-rgb.png"), adobe).save(OUT / "adobe-rgb.srgb.png")

    patches().save(OUT / "prophoto.jpg", quality=100, subsampling=0, icc_profile=prophoto)
    to_srgb(Image.open(OUT / "prophoto.jpg"), prophoto).save(OUT / "prophoto.srgb.png")


if __name__ == "__main__":
    main()
