"""What makes drawn words hard to read, from what `renderers.common.recording` saw drawn: text below WCAG AA
contrast with its declared or its real ground, or text across the border of a frame. Shared by the
legibility tests of every picture (tests/renderers/test_text_contrast.py) and of the recap."""

from __future__ import annotations

from renderers.common import LEGIBLE_CAP, Drawn, cap_height, contrast, needed_contrast


def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Box `a` lies wholly within box `b` (x0, y0, x1, y1)."""
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Boxes `a` and `b` share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def unreadable(seen: list[Drawn]) -> list[str]:
    """What a reader trips on: text below AA contrast with its declared or its real ground, text across a frame."""
    bad = []
    frames = [d for d in seen if d.kind == "frame"]
    for t in (d for d in seen if d.kind == "text"):
        need = needed_contrast(t.size)
        for ground in {t.on, t.under} - {None}:
            if contrast(t.fill, ground) < need:  # type: ignore[arg-type]
                bad.append(f"{t.s!r} {t.size}px: {t.fill} on {ground} is {contrast(t.fill, ground):.2f}:1")  # type: ignore[arg-type]
        for f in frames:
            if f.surface != t.surface or not overlap(t.box, f.box):
                continue
            x0, y0, x1, y1 = f.box
            w = f.width
            if not inside(t.box, (x0 + w, y0 + w, x1 - w, y1 - w)):
                bad.append(f"{t.s!r} at {t.box} crosses the frame {f.box}")
    return bad


def too_small(seen: list[Drawn], width: int, shown_at: int, surface: int | None = None) -> list[str]:
    """Each text or icon drawn (on `surface`, or on any layer of a picture drawn 1:1) whose cap height falls
    under LEGIBLE_CAP px once the picture, `width` px wide, is shown `shown_at` px wide; an icon's size is its
    height."""
    scale = shown_at / width
    out = set()
    for d in seen:
        if (surface is not None and d.surface != surface) or d.kind not in ("text", "icon"):
            continue
        shown = (cap_height(d.size) if d.kind == "text" else d.size) * scale
        if shown < LEGIBLE_CAP:
            out.add(f"{d.kind} {d.s!r} {d.size}px -> {shown:.1f}px cap")
    return sorted(out)
