"""A phone camera for Chromium's fake capture: a Y4M video that shows QR codes one after the
other (--use-file-for-fake-video-capture plays it in a loop)."""

from __future__ import annotations

from pathlib import Path

import segno
from PIL import Image

WIDTH, HEIGHT, FPS = 320, 240, 10


def qr_frame(text: str) -> bytes:
    """One grey frame with the QR code of `text` in its middle, as Y4M's 4:2:0 planes."""
    image = Image.new("L", (WIDTH, HEIGHT), 255)
    code = segno.make(text, error="m")
    scale = max(2, (min(WIDTH, HEIGHT) - 40) // code.symbol_size(border=0)[0])
    rows = list(code.matrix_iter(scale=scale, border=2))
    qr = Image.new("L", (len(rows[0]), len(rows)), 255)
    qr.putdata([0 if dark else 255 for row in rows for dark in row])
    image.paste(qr, ((WIDTH - qr.width) // 2, (HEIGHT - qr.height) // 2))
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2)
    return image.tobytes() + chroma + chroma


def write_video(path: Path, texts: list[str], *, seconds_each: float) -> Path:
    """A video showing each text's QR code for `seconds_each`, in order."""
    frames = max(1, round(seconds_each * FPS))
    with path.open("wb") as video:
        video.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for text in texts:
            frame = qr_frame(text)
            for _ in range(frames):
                video.write(b"FRAME\n" + frame)
    return path
