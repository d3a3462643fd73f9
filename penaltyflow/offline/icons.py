"""The app's icons, drawn here with Pillow: a white card on the site's navy, ♠ and ♥ on it."""

import functools
import io

from PIL import Image, ImageDraw

NAVY = (29, 53, 87)  # the site's accent colour, also the manifest's theme colour
CARD = (255, 255, 255)
BLACK = (17, 17, 17)
RED = (198, 40, 40)
SCALE = 4  # draw large, then shrink: smooth edges without a font


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    """A heart pointing down, centred on (cx, cy), r about half its width."""
    lobe, top, overlap = r * 0.52, cy - r * 0.75, r * 0.06
    draw.ellipse((cx - 2 * lobe + overlap, top, cx + overlap, top + 2 * lobe), fill=fill)
    draw.ellipse((cx - overlap, top, cx + 2 * lobe - overlap, top + 2 * lobe), fill=fill)
    middle = top + lobe * 1.3
    draw.polygon([(cx - 1.8 * lobe, middle), (cx + 1.8 * lobe, middle), (cx, cy + r)], fill=fill)


def _spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    """A spade: a heart pointing up, on a stem."""
    lobe, bottom, overlap = r * 0.52, cy + r * 0.75, r * 0.06
    draw.ellipse((cx - 2 * lobe + overlap, bottom - 2 * lobe, cx + overlap, bottom), fill=fill)
    draw.ellipse((cx - overlap, bottom - 2 * lobe, cx + 2 * lobe - overlap, bottom), fill=fill)
    middle = bottom - lobe * 1.3
    draw.polygon([(cx - 1.8 * lobe, middle), (cx + 1.8 * lobe, middle), (cx, cy - r)], fill=fill)
    stem = [(cx, cy + r * 0.3), (cx - r * 0.42, cy + r * 1.2), (cx + r * 0.42, cy + r * 1.2)]
    draw.polygon(stem, fill=fill)


@functools.cache
def icon_png(size: int, maskable: bool = False) -> bytes:
    big = size * SCALE
    image = Image.new("RGB", (big, big), NAVY)
    draw = ImageDraw.Draw(image)
    # A maskable icon keeps everything inside the middle 80% (the safe zone).
    card_w, card_h = big * (0.46 if maskable else 0.56), big * (0.6 if maskable else 0.74)
    left, top = (big - card_w) / 2, (big - card_h) / 2
    draw.rounded_rectangle((left, top, left + card_w, top + card_h), radius=big * 0.06, fill=CARD)
    r = card_w * 0.2
    _spade(draw, big / 2, top + card_h * 0.3, r, BLACK)
    _heart(draw, big / 2, top + card_h * 0.7, r, RED)
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
