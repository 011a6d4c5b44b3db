"""Draw docs/nodes.svg: the nodes of one Kaido server behind nginx, on one PostgreSQL
database (docs/server.md, *Several nodes*).

    .venv/bin/python scripts/nodes_diagram.py
"""

from __future__ import annotations

from html import escape
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "docs" / "nodes.svg"
WIDTH, HEIGHT = 760, 470
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


def box(x: float, y: float, w: float, h: float, lines: list[str], fill: str) -> str:
    """A rounded box with centred lines, the first in bold."""
    parts = [
        f"<rect x='{x}' y='{y}' width='{w}' height='{h}' rx='8' fill='{fill}' "
        "stroke='#333' stroke-width='1.5'/>"
    ]
    top = y + h / 2 - (len(lines) - 1) * 9 + 5
    for n, line in enumerate(lines):
        weight = "bold" if n == 0 else "normal"
        size = 15 if n == 0 else 12
        parts.append(
            f"<text x='{x + w / 2}' y='{top + n * 18}' text-anchor='middle' {FONT} "
            f"font-size='{size}' font-weight='{weight}'>{escape(line)}</text>"
        )
    return "\n".join(parts)


def arrow(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    label: str = "",
    dash: bool = False,
    both: bool = False,
) -> str:
    style = " stroke-dasharray='6 4'" if dash else ""
    start = " marker-start='url(#head)'" if both else ""
    line = (
        f"<line x1='{x1}' y1='{y1}' x2='{x2}' y2='{y2}' stroke='#333' stroke-width='1.5'"
        f"{style}{start} marker-end='url(#head)'/>"
    )
    if not label:
        return line
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    text = f"<text x='{mx + 6}' y='{my}' {FONT} font-size='11' fill='#444'>{escape(label)}</text>"
    return line + "\n" + text


def diagram() -> str:
    nodes_x = [40, 280, 520]
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{HEIGHT}' "
        f"viewBox='0 0 {WIDTH} {HEIGHT}'>",
        "<defs><marker id='head' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' "
        "markerHeight='7' orient='auto-start-reverse'><path d='M0,0 L10,5 L0,10 z' "
        "fill='#333'/></marker></defs>",
        f"<rect width='{WIDTH}' height='{HEIGHT}' fill='white'/>",
        box(260, 10, 240, 44, ["Browsers", "HTTP and a WebSocket per table"], "#eef3fb"),
        arrow(380, 54, 380, 88),
        box(
            180,
            90,
            400,
            64,
            [
                "nginx (deploy/nginx.conf)",
                "hash $kaido_table consistent: a table's requests",
                "go to one node; others to any",
            ],
            "#e7f5e9",
        ),
    ]
    for n, x in enumerate(nodes_x):
        parts.append(arrow(380, 154, x + 100, 208))
        parts.append(
            box(
                x,
                210,
                200,
                92,
                [
                    f"node {n + 1}",
                    "kaido serve --node",
                    "its tables, bots, clocks",
                    "writes while alive",
                ],
                "#fdf3e3",
            )
        )
        parts.append(arrow(x + 100, 302, 380, 368, both=True))
    parts += [
        arrow(700, 208, 580, 140, dash=True),
        *(
            f"<text x='{602 + 14 * n}' y='{128 + 14 * n}' {FONT} font-size='11' fill='#444'>"
            f"{line}</text>"
            for n, line in enumerate(
                ["not its table: 421 and", "X-Accel-Redirect; nginx", "asks that node"]
            )
        ),
        box(
            200,
            370,
            360,
            84,
            [
                "PostgreSQL",
                "tables, moves, accounts, chat",
                "nodes (heartbeat, advisory lock),",
                "leases: one node per table; NOTIFY",
            ],
            "#f1ecf8",
        ),
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def main() -> None:
    OUT.write_text(diagram())
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
