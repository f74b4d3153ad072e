"""Draws the application icon with Pillow (`make assets`): nothing is downloaded.

Writes assets/icons/illusio-table-<size>.png for every size the three platforms want,
assets/icons/illusio-table.ico (Windows) and assets/icons/illusio-table.icns (macOS).
The drawing is deterministic, so running it again changes no file.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
BIG = 1024


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> list[tuple[float, float]]:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


def draw() -> Image.Image:
    image = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    # A card table seen from above: a deep felt square with a gold rim.
    d.rounded_rectangle((40, 40, BIG - 40, BIG - 40), radius=190, fill=(44, 26, 64, 255))
    d.rounded_rectangle((78, 78, BIG - 78, BIG - 78), radius=160, outline=(230, 180, 34, 255), width=22)
    # Three cards fanned out, one per game.
    for angle, colour in ((-18, (63, 111, 181)), (0, (76, 154, 42)), (18, (184, 50, 47))):
        card = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
        c = ImageDraw.Draw(card)
        c.rounded_rectangle((372, 300, 652, 700), radius=36, fill=(244, 236, 216, 255), outline=(40, 30, 20, 255), width=10)
        c.rounded_rectangle((402, 330, 622, 670), radius=24, outline=colour + (255,), width=16)
        card = card.rotate(-angle, center=(512, 820), resample=Image.BICUBIC)
        image.alpha_composite(card)
    # A wand across the cards, with its spark.
    d = ImageDraw.Draw(image)
    d.line((250, 820, 700, 330), fill=(30, 20, 16, 255), width=46)
    d.line((640, 395, 700, 330), fill=(245, 245, 245, 255), width=46)
    glow = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    ImageDraw.Draw(glow).ellipse((620, 170, 860, 410), fill=(255, 214, 90, 160))
    image.alpha_composite(glow.filter(ImageFilter.GaussianBlur(40)))
    d.polygon(star(740, 290, 120, 48), fill=(255, 214, 60, 255), outline=(120, 80, 10, 255))
    return image


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw()
    for size in SIZES:
        big.resize((size, size), Image.LANCZOS).save(OUT / f"illusio-table-{size}.png", optimize=True)
    big.save(OUT / "illusio-table.ico", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    big.save(OUT / "illusio-table.icns")
    print(f"wrote {len(SIZES) + 2} icons to {OUT.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
