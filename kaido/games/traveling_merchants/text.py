"""Action texts, narration and the terminal table, in English and Japanese."""

from __future__ import annotations

from typing import Any

from kaido.core.events import Event
from kaido.games.traveling_merchants.board import DATA, GOODS
from kaido.games.traveling_merchants.engine import ORDERS, SPECIALS, Key
from kaido.games.traveling_merchants.state import PHASE_NAMES, TMState
from kaido.games.traveling_merchants.views import view

COLOURS = {"en": ("Red", "Blue", "Green", "Yellow"), "ja": ("赤", "青", "緑", "黄")}
STYLE = ("red", "blue", "green", "yellow")
GOOD_STYLE = ("dark_orange", "grey62", "magenta", "white")


def player_name(p: int, lang: str = "en") -> str:
    return COLOURS["ja" if lang == "ja" else "en"][p]


def card(c: int, lang: str) -> str:
    city = DATA.cities[c]
    return city.ja if lang == "ja" else city.en


def good(g: int, lang: str) -> str:
    return str(DATA.goods[g]["ja" if lang == "ja" else "en"])


def goods_text(counts: Any, lang: str) -> str:
    parts = [f"{good(g, lang)}×{k}" for g, k in enumerate(counts) if k]
    return ("・" if lang == "ja" else " + ").join(parts) or ("なし" if lang == "ja" else "none")


def order_text(order_id: int, lang: str) -> str:
    o = ORDERS[order_id]
    return (
        f"{card(o.city, lang)} {goods_text(o.goods, lang)} {o.vp}{'点' if lang == 'ja' else 'VP'}"
    )


def _where(source: int, lang: str) -> str:
    if source < 0:
        return "ストック" if lang == "ja" else "stock"
    return player_name(source, lang) + ("の出荷エリア" if lang == "ja" else " zone")


def action_text(key: Key, lang: str = "en") -> str:
    ja = lang == "ja"
    kind = key[0]
    args = [int(a) for a in key[1:]]
    if kind == "load":
        g, source, dump = args
        where = _where(source, lang)
        text = f"積荷 {good(g, lang)} ({where})" if ja else f"load {good(g, lang)} from {where}"
        if dump >= 0:
            text += f" {good(dump, lang)}を戻す" if ja else f" returning {good(dump, lang)}"
        return text
    if kind in ("ship", "special"):
        ship = kind == "ship"
        name = ("注文" if ship else "特注") if ja else ("order " if ship else "special ")
        return f"出荷 {name}{args[0] + 1}" if ja else f"ship {name}{args[0] + 1}"
    if kind == "end":
        return "手番終了" if ja else "end turn"
    city = card(args[0], lang)
    if kind in ("start", "move"):
        verb = {"start": ("start at", "開始"), "move": ("move to", "移動")}[str(kind)]
        return f"{verb[1]} {city}" if ja else f"{verb[0]} {city}"
    if kind == "pair":
        return f"商館 {city} (条件①)" if ja else f"house at {city} (2 same)"
    others = ("・" if ja else "+").join(card(c, lang) for c in args[1:])
    return f"商館 {city} (条件② {others})" if ja else f"house at {city} (3 cards, {others})"


# Narration: event kind -> (English, Japanese), formatted with the fields of `_fields`.
TEMPLATES = {
    "start": ("{who} starts at {city}", "{who}は{city}から開始"),
    "move": ("{who} moves to {card}", "{who}は{card}へ移動"),
    "load": ("{who}: {load}", "{who}: {load}"),
    "ship": ("{who} ships an order: {order}", "{who}は注文を出荷: {order}"),
    "special": ("{who} ships a special order: {special}", "{who}は特注を出荷: {special}"),
    "gem": ("{who} takes a {colour} gem ({left} left)", "{who}は{colour}の宝石を獲得(残り{left})"),
    "house": ("{who} places a house at {city}", "{who}は{city}に商館を配置"),
    "end_turn": ("{who} ends the turn", "{who}は手番を終了"),
    "end_card": ("the end card comes out", "終了カードが出た"),
    "end_triggered": (
        "the end is triggered: play on until everyone has had the same number of turns",
        "ゲーム終了条件を満たした: 全員が同じ手番数になるまで続ける",
    ),
    "dead_position": (
        "every good is on a wagon and no wagon can fill an order: nothing can change,"
        " so the game ends now (Kaido ruling K-1)",
        "品物はすべて荷馬車の上にあり、どの荷馬車も注文を満たせない:"
        " これ以上何も変わらないので、ここでゲーム終了(Kaido裁定 K-1)",
    ),
    "refill": ("the row is refilled: {orders}", "注文カード補充: {orders}"),
    "game_over": ("the game is over", "ゲーム終了"),
}


def _fields(d: dict[str, Any], lang: str) -> dict[str, Any]:
    out = dict(d)
    if "player" in d:
        out["who"] = player_name(d["player"], lang)
    for name in ("city", "card"):
        if name in d:
            out[name] = card(d[name], lang)
    if d["kind"] == "load":
        out["load"] = action_text(("load", d["good"], d["source"], d["dump"]), lang)
    if "order" in d:
        out["order"] = order_text(d["order"], lang)
    if "special" in d:
        sp = SPECIALS[d["special"]]
        unit = "点" if lang == "ja" else " VP"
        out["special"] = f"{card(sp.city, lang)} {goods_text(sp.goods, lang)} {sp.vp}{unit}"
    if "colour" in d:
        out["colour"] = {"red": "赤", "white": "白"}[d["colour"]] if lang == "ja" else d["colour"]
    if "orders" in d:
        out["orders"] = ", ".join(order_text(o, lang) for o in d["orders"])
    return out


def describe(event: Event, viewer: int | None, lang: str = "en") -> str:
    d = event.for_viewer(viewer)
    template = TEMPLATES[d["kind"]][1 if lang == "ja" else 0]
    return template.format(**_fields(d, lang))


def _cell(s: TMState, v: dict[str, Any], c: int, lang: str) -> list[str]:
    """The lines drawn for one card of the map."""
    city = DATA.cities[c]
    n = s.n
    made = f" [{GOOD_STYLE[city.good]}]●{s.stock[city.good]}[/]" if city.good >= 0 else ""
    lines = [f"[bold]{card(c, lang)}[/]{made}"]
    houses = "".join(f"[{STYLE[p]}]⌂[/]" for p in range(n) if v["houses"][c] >> p & 1)
    wagons = "".join(f"[{STYLE[p]}]▣[/]" for p in range(n) if v["wagons"][p]["card"] == c)
    lines.append(f"{houses} {wagons}")
    for p in range(n):
        zone = v["zones"][c][p]
        if sum(zone):
            cubes = "".join(f"[{GOOD_STYLE[g]}]■[/]" * zone[g] for g in range(GOODS))
            lines.append(f"[{STYLE[p]}]{player_name(p, lang)}[/] {cubes}")
    return lines


def render(s: TMState, viewer: int | None, lang: str = "en") -> str:
    v = view(s, viewer)
    ja = lang == "ja"
    cells = {(x, y): c for x, y, c in s.board.cells}
    width = max(x for x, _ in cells) + 1
    out = []
    for y in range(max(y for _, y in cells) + 1):
        blocks = [_cell(s, v, cells[(x, y)], lang) if (x, y) in cells else [] for x in range(width)]
        for i in range(max(len(b) for b in blocks)):
            out.append(" | ".join(_pad(b[i] if i < len(b) else "", 22) for b in blocks))
        out.append("")
    out.append(
        ("注文カード" if ja else "Order row") + f" ({'山札' if ja else 'deck'} {v['deck']}):"
    )
    gems = _gem_marks(v)
    for i, o in enumerate(s.row):
        text = order_text(o, lang) if o > 0 else "—"
        out.append(f"  {i + 1}. {gems.get(i, '  ')} {text}")
    specials = [
        f"{i + 1}. {card(sp.city, lang)} {goods_text(sp.goods, lang)} {sp.vp}"
        + ("" if s.specials[i] < 0 else f" ✓{player_name(s.specials[i], lang)}")
        for i, sp in enumerate(SPECIALS)
    ]
    out.append(("特注: " if ja else "Specials: ") + "; ".join(specials))
    for code in s.titles:
        title = DATA.titles[code // 2][code % 2]
        out.append(
            ("称号: " if ja else "Title: ") + (title.ja if ja else title.en) + f" ({title.vp})"
        )
    for p in range(s.n):
        w = v["wagons"][p]
        mark = "▶" if p == s.cur and not v["over"] else " "
        cargo = "".join(f"[{GOOD_STYLE[g]}]■[/]" * w["cargo"][g] for g in range(GOODS))
        out.append(
            f"{mark}[{STYLE[p]}]{player_name(p, lang)}[/] {card(w['card'], lang)} "
            f"{cargo} {sum(w['cargo'])}/{w['capacity']}  "
            + ("商館" if ja else "houses") + f" {w['houses_left']}  "
            + ("宝石" if ja else "gems") + f" {w['red']}/{w['white']}  "
            + ("点" if ja else "VP") + f" {v['scores'][p]}"
        )  # fmt: skip
    if not v["over"] and s.phase > 0:
        out.append(("残りアクション " if ja else "actions left ") + str(s.actions_left))
    return "\n".join(out)


def _gem_marks(v: dict[str, Any]) -> dict[int, str]:
    red, white = v["gems"]["red"], v["gems"]["white"]
    if red:
        return {0: f"[red]◆{red}[/]", **({1: f"◇{white}"} if white else {})}
    return {0: f"◇{white}"} if white else {}


def _pad(text: str, width: int) -> str:
    """Pad to `width` visible columns (markup and wide characters counted right)."""
    plain = ""
    depth = 0
    for ch in text:
        depth += ch == "["
        if depth == 0:
            plain += ch
        depth -= ch == "]" and depth > 0
    cols = sum(2 if ord(ch) > 0x2E80 else 1 for ch in plain)
    return text + " " * max(0, width - cols)


PROMPTS = {
    "start": (
        "Choose your starting city: a trading house goes there",
        "開始都市を選ぶ：そこに商館を置く",
    ),
    "house": ("Place a trading house: choose a city", "商館を置く：都市を選ぶ"),
    "turn": (
        "{left} of {all} actions left: move, load, ship an order or build a trading house; "
        "or end your turn",
        "残りアクション{left}／{all}：移動・積荷・注文の出荷・商館の建設、または手番終了",
    ),
    "done": ("No actions left: end your turn", "アクションは残っていない：手番を終える"),
}


def prompt(s: TMState, lang: str = "en") -> str:
    phase = PHASE_NAMES[s.phase]
    if phase == "turn" and not s.actions_left:
        phase = "done"
    if phase not in PROMPTS:
        return ""
    return PROMPTS[phase][lang == "ja"].format(left=s.actions_left, all=s.allowance)


def action_cost(s: TMState, kind: str, lang: str) -> str:
    """What an action of the turn costs (TM-TURN-2..4): one of the turn's actions (the last
    one ends the turn); a trading house costs none."""
    ja = lang == "ja"
    if kind in ("pair", "three"):
        return "アクションを使わない" if ja else "uses no action"
    if kind not in ("move", "load", "ship", "special"):
        return ""
    left = s.actions_left
    if ja:
        return f"残りアクション{left}のうち1つを使う" + ("（手番が終わる）" if left == 1 else "")
    return f"uses 1 of your {left} actions left" + ("; your turn then ends" if left == 1 else "")
