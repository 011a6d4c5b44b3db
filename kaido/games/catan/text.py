"""Catan as text: action names, narration and the board, in English and Japanese."""

from __future__ import annotations

from typing import Any

from kaido.core.actions import Action
from kaido.core.events import Event
from kaido.core.text import counted
from kaido.games.catan.board import (
    CITY_COST,
    DEV_COST,
    EDGE_VERTICES,
    GENERIC_PORT,
    HARBOUR_SLOTS,
    HEX_VERTICES,
    NUM_HEXES,
    PIPS,
    ROAD_COST,
    SETTLEMENT_COST,
    VERTEX_XY,
    bits,
    hex_center,
)
from kaido.games.catan.engine import to_move
from kaido.games.catan.state import MAIN, PHASE_NAMES, CatanState
from kaido.games.catan.views import view

RESOURCE_NAMES = {
    "en": ("lumber", "brick", "wool", "grain", "ore"),
    "ja": ("木材", "レンガ", "羊毛", "小麦", "鉱石"),
}
DEV_NAMES = {
    "en": ("knight", "victory point", "road building", "year of plenty", "monopoly"),
    "ja": ("騎士", "勝利ポイント", "街道建設", "収穫", "独占"),
}
TERRAIN_NAMES = {
    "en": {
        "forest": "forest",
        "hills": "hills",
        "pasture": "pasture",
        "fields": "fields",
        "mountains": "mountains",
        "desert": "desert",
    },
    "ja": {
        "forest": "森林",
        "hills": "丘陵",
        "pasture": "牧草地",
        "fields": "耕作地",
        "mountains": "山脈",
        "desert": "砂漠",
    },
}
TERRAIN_STYLE = {
    "forest": "green",
    "hills": "red",
    "pasture": "bright_green",
    "fields": "yellow",
    "mountains": "bright_black",
    "desert": "khaki1",
}
PLAYER_STYLE = ("bold red", "bold blue", "bold white", "bold magenta")
PLAYER_NAMES = {"en": ("red", "blue", "white", "orange"), "ja": ("赤", "青", "白", "橙")}

_EN = {
    "roll": "roll",
    "end": "end turn",
    "buy": "buy development card",
    "knight": "play knight",
    "road_building": "play road building",
    "trade": "make a trade offer",
    "propose": "propose offer",
    "withdraw": "withdraw offer",
    "accept": "accept offer",
    "decline": "decline offer",
    "counter": "make counter-offer",
    "counter_submit": "submit counter-offer",
    "reject": "reject all offers",
}
_JA = {
    "roll": "サイコロを振る",
    "end": "手番終了",
    "buy": "発展カードを買う",
    "knight": "騎士を使う",
    "road_building": "街道建設を使う",
    "trade": "交換を提案する",
    "propose": "提案する",
    "withdraw": "提案を取り下げる",
    "accept": "提案を受ける",
    "decline": "提案を断る",
    "counter": "逆提案する",
    "counter_submit": "逆提案を出す",
    "reject": "すべての申し出を断る",
}


def player_name(p: int, lang: str = "en") -> str:
    """Players are called by their colour (seat 0 is red)."""
    return PLAYER_NAMES[lang][p]


def action_text(action: Action, lang: str = "en") -> str:
    kind, args = action.kind, action.args
    words = _EN if lang == "en" else _JA
    if kind in words:
        return words[kind]
    res = RESOURCE_NAMES[lang]
    a = [int(x) for x in args]
    ja = lang == "ja"
    if kind == "road":
        u, w = EDGE_VERTICES[a[0]]
        return f"{'街道' if ja else 'road'} {u}-{w}"
    if kind in ("settlement", "city"):
        name = {"settlement": "開拓地", "city": "都市"}[kind] if ja else kind
        return f"{name} {a[0]}"
    if kind == "year_of_plenty":
        taken = "+".join(res[k] for k in a if k >= 0) or ("なし" if ja else "nothing")
        return f"収穫を使う {taken}" if ja else f"play year of plenty {taken}"
    if kind == "monopoly":
        return f"独占を使う {res[a[0]]}" if ja else f"play monopoly {res[a[0]]}"
    if kind == "robber":
        target = f"h{a[0]}"  # as the terminal's board labels the hex (the browser draws it)
        if a[1] < 0:
            return f"盗賊を{target}へ" if ja else f"robber to {target}"
        victim = player_name(a[1], lang)
        return f"盗賊を{target}へ、{victim}から盗む" if ja else f"robber to {target}, rob {victim}"
    if kind == "discard":
        return f"捨てる {res[a[0]]}" if ja else f"discard {res[a[0]]}"
    if kind == "maritime":
        give, rate, get = a
        if ja:
            return f"海外貿易 {res[give]}{rate}枚を{res[get]}1枚に"
        return f"trade {rate} {res[give]} for 1 {res[get]}"
    if kind in ("offer_give", "offer_ask", "counter_give", "counter_ask"):
        prefix = (
            ("提案" if ja else "offer")
            if kind.startswith("offer")
            else ("逆提案" if ja else "counter")
        )
        verb = ("出す" if ja else "give") if kind.endswith("give") else ("求める" if ja else "ask")
        return f"{prefix}: {verb} {res[a[0]]}"
    if kind == "trade_with":
        return (
            f"{player_name(a[0], lang)}と交換する"
            if ja
            else f"trade with {player_name(a[0], lang)}"
        )
    raise ValueError(f"no text for {action!r}")


# ---- narration ----------------------------------------------------------------------------


def _cards(counts: list[int], lang: str) -> str:
    res = RESOURCE_NAMES[lang]
    parts = [f"{c} {res[k]}" for k, c in enumerate(counts) if c]
    return ", ".join(parts) or ("なし" if lang == "ja" else "nothing")


def place_name(hexes: list[list[Any]], lang: str = "en") -> str:
    """Hexes as the board shows them: "the 8 forest, 5 hills and desert" (en),
    "8の森林・5の丘陵・砂漠" (ja)."""
    names = TERRAIN_NAMES[lang]
    if lang == "ja":
        return "・".join(f"{n}の{names[terrain]}" if n else names[terrain] for terrain, n in hexes)
    parts = [f"{n} {names[terrain]}" if n else names[terrain] for terrain, n in hexes]
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"the {listed}"


def describe(event: Event, viewer: int | None, lang: str = "en") -> str:
    d = event.for_viewer(viewer)
    kind = event.kind
    ja = lang == "ja"
    res = RESOURCE_NAMES[lang]
    who = player_name(d["player"], lang) if isinstance(d.get("player"), int) else ""
    if kind == "roll":
        return f"{who}がサイコロを振った: {d['total']}" if ja else f"{who} rolls {d['total']}"
    if kind == "produce":
        parts = [
            f"{player_name(p, lang)} {_cards(g, lang)}" for p, g in enumerate(d["gains"]) if any(g)
        ]
        return ("産出: " if ja else "production: ") + "; ".join(parts)
    if kind == "turn":
        return f"{who}の手番" if ja else f"{who}'s turn"
    if kind in ("road", "settlement", "city"):
        where = place_name(d["hexes"], lang)
        name = {"road": "街道", "settlement": "開拓地", "city": "都市"}[kind] if ja else kind
        return f"{who}が{name}を建設（{where}）" if ja else f"{who} builds a {name} by {where}"
    if kind == "start_resources":
        cards = "+".join(res[k] for k in d["cards"]) or ("なし" if ja else "nothing")
        return f"{who}の初期資源: {cards}" if ja else f"{who} takes starting resources: {cards}"
    if kind == "buy":
        card = d.get("card")
        shown = DEV_NAMES[lang][card] if isinstance(card, int) else ("?" if not ja else "？")
        return (
            f"{who}が発展カードを購入 ({shown})"
            if ja
            else f"{who} buys a development card ({shown})"
        )
    if kind in ("knight", "road_building"):
        name = DEV_NAMES[lang][0 if kind == "knight" else 2]
        return f"{who}が{name}を使用" if ja else f"{who} plays {name}"
    if kind == "year_of_plenty":
        cards = "+".join(res[k] for k in d["cards"]) or ("なし" if ja else "nothing")
        return f"{who}が収穫を使用: {cards}" if ja else f"{who} plays year of plenty: {cards}"
    if kind == "monopoly":
        got = sum(d["taken"])
        if ja:
            return f"{who}が独占を使用: {res[d['resource']]} {got}枚"
        return f"{who} plays monopoly on {res[d['resource']]} and takes {got}"
    if kind == "robber":
        where = place_name(d["hexes"], lang)
        text = f"{who}が盗賊を{where}へ" if ja else f"{who} moves the robber to {where}"
        if d["victim"] >= 0:
            victim = player_name(d["victim"], lang)
            card = d.get("card")
            got = res[card] if isinstance(card, int) else ("1枚" if ja else "a card")
            if not d["stolen"]:
                got = "なし" if ja else "nothing"
            text += f"、{victim}から{got}を盗む" if ja else f" and steals {got} from {victim}"
        return text
    if kind == "must_discard":
        parts = [f"{player_name(p, lang)} {c}" for p, c in enumerate(d["counts"]) if c]
        return ("7: 捨てる枚数 " if ja else "7: must discard ") + ", ".join(parts)
    if kind == "discard":
        card = d.get("card")
        shown = res[card] if isinstance(card, int) else ("1枚" if ja else "a card")
        return f"{who}が{shown}を捨てた" if ja else f"{who} sets aside {shown}"
    if kind == "discarded":
        return ("捨てたカード: " if ja else "discarded to the bank: ") + _cards(d["cards"], lang)
    if kind == "maritime":
        if ja:
            return f"{who}が海外貿易: {res[d['give']]}{d['rate']}枚→{res[d['get']]}1枚"
        return f"{who} trades {d['rate']} {res[d['give']]} for 1 {res[d['get']]} with the bank"
    if kind == "offer":
        give, ask = _cards(d["offer"][:5], lang), _cards(d["offer"][5:], lang)
        return (
            f"{who}の提案: {give}を出して{ask}を求める" if ja else f"{who} offers {give} for {ask}"
        )
    if kind == "reply":
        reply = {1: ("受ける", "accepts"), 2: ("断る", "declines"), 3: ("逆提案", "counters")}
        word = reply[d["reply"]][0 if ja else 1]
        text = f"{who}: {word}" if ja else f"{who} {word}"
        if "counter" in d:
            c = d["counter"]
            give, ask = _cards(c[:5], lang), _cards(c[5:], lang)
            text += f" ({give}を出して{ask}を求める)" if ja else f" ({give} for {ask})"
        return text
    if kind == "trade":
        partner = player_name(d["partner"], lang)
        give, get = _cards(d["give"], lang), _cards(d["get"], lang)
        if ja:
            return f"{who}と{partner}が交換: {give} ⇄ {get}"
        return f"{who} trades {give} to {partner} for {get}"
    if kind == "no_trade":
        return f"{who}: 交換なし" if ja else f"{who}: no trade"
    if kind == "longest_road":
        if d["player"] < 0:
            return "最長交易路は誰のものでもなくなった" if ja else "Longest Road is set aside"
        return f"{who}が最長交易路を獲得" if ja else f"{who} takes Longest Road"
    if kind == "largest_army":
        return f"{who}が最大騎士力を獲得" if ja else f"{who} takes Largest Army"
    if kind == "win":
        points = ", ".join(map(str, d["points"]))
        return f"{who}の勝利! 得点 {points}" if ja else f"{who} wins! points {points}"
    return f"{kind} {d}"


# ---- the board ----------------------------------------------------------------------------

COL_STEP = 6  # screen columns per X unit
ROW_STEP = 2  # screen rows per Y unit
LEFT = 12  # room for harbour labels
TOP = 2


def _screen(x: int, y: int) -> tuple[int, int]:
    return TOP + (y + 8) * ROW_STEP, LEFT + (x + 5) * COL_STEP


class _Canvas:
    """A grid of (character, style) cells, written out as runs of rich markup."""

    def __init__(self, rows: int, cols: int) -> None:
        self.chars: list[list[str]] = [[" "] * cols for _ in range(rows)]
        self.styles: list[list[str]] = [[""] * cols for _ in range(rows)]

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        """Write `text` starting at (row, col); wide characters take two cells."""
        for i, ch in enumerate(_cells(text)):
            c = col + i
            if 0 <= row < len(self.chars) and 0 <= c < len(self.chars[row]):
                self.chars[row][c] = ch
                self.styles[row][c] = style

    def text(self) -> str:
        lines = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            out: list[str] = []
            run: list[str] = []
            current = ""
            for ch, style in zip(chars, styles, strict=True):
                if style != current:
                    out.append(_styled("".join(run), current))
                    run, current = [], style
                run.append(ch)
            out.append(_styled("".join(run), current))
            lines.append("".join(out).rstrip())
        return "\n".join(lines)


def _styled(text: str, style: str) -> str:
    text = text.replace("[", "\\[")
    return f"[{style}]{text}[/]" if style and text else text


def _cells(text: str) -> list[str]:
    out: list[str] = []
    for ch in text:
        out.append(ch)
        if ord(ch) > 0x2E80:  # CJK: two terminal columns
            out.append("")
    return out


def render(state: CatanState, viewer: int | None, lang: str = "en") -> str:
    canvas = _Canvas(TOP * 2 + 17 * ROW_STEP + 1, LEFT * 2 + 11 * COL_STEP)
    _draw_hexes(canvas, state, lang)
    _draw_edges(canvas, state)
    _draw_vertices(canvas, state)
    _draw_harbours(canvas, state, lang)
    return canvas.text() + "\n" + _status(state, viewer, lang)


def _draw_hexes(canvas: _Canvas, state: CatanState, lang: str) -> None:
    board = state.board
    for h in range(NUM_HEXES):
        x, y = hex_center(h)
        row, col = _screen(x, y)
        terrain = board.terrain[h]
        style = TERRAIN_STYLE[terrain]
        name = TERRAIN_NAMES[lang][terrain]
        width = sum(1 for _ in _cells(name))
        canvas.put(row - 1, col - width // 2, name, style)
        number = board.number[h]
        label = f"{number}" if number else ""
        num_style = "bold red" if number in (6, 8) else "bold"
        canvas.put(row, col - len(label) // 2, label, num_style)
        canvas.put(row + 1, col - 2, f"h{h}", "dim")
        if PIPS[number]:
            canvas.put(row + 1, col + 1, "•" * PIPS[number], "dim")
        if state.robber == h:
            canvas.put(row, col - 4, "R", "bold reverse")


def _draw_edges(canvas: _Canvas, state: CatanState) -> None:
    owner = {e: q for q in range(state.n) for e in bits(state.roads[q])}
    for e, (a, b) in enumerate(EDGE_VERTICES):
        (xa, ya), (xb, yb) = VERTEX_XY[a], VERTEX_XY[b]
        ra, ca = _screen(xa, ya)
        rb, cb = _screen(xb, yb)
        p = owner.get(e)
        style = PLAYER_STYLE[p] if p is not None else "dim"
        # A road shows its player's number (P1 is 1), readable without colours.
        if ca == cb:  # vertical path
            glyph = "┃" if p is not None else "│"
            rows = range(min(ra, rb) + 1, max(ra, rb))
            for r in rows:
                mark = str(p + 1) if p is not None and r == rows[len(rows) // 2] else glyph
                canvas.put(r, ca, mark, style)
        else:
            rising = (rb - ra) * (cb - ca) < 0
            line = "╱" if rising else "╲"
            glyph = f"{line}{p + 1}" if p is not None else line
            mid_r, mid_c = (ra + rb) // 2, (ca + cb) // 2
            canvas.put(mid_r, mid_c - (len(glyph) - 1), glyph, style)


def _draw_vertices(canvas: _Canvas, state: CatanState) -> None:
    for v, (x, y) in enumerate(VERTEX_XY):
        row, col = _screen(x, y)
        b = state.buildings[v]
        if b:
            p = (b - 1) & 3
            # The player's number, then S (settlement) or C (city): 2C14 is P2's city.
            mark = "C" if b >= 5 else "S"
            canvas.put(row, col - 2, f"{p + 1}{mark}{v}", PLAYER_STYLE[p] + " reverse")
        else:
            canvas.put(row, col - (1 if v >= 10 else 0), str(v), "dim")


def _draw_harbours(canvas: _Canvas, state: CatanState, lang: str) -> None:
    res = RESOURCE_NAMES[lang]
    for slot, kind in zip(HARBOUR_SLOTS, state.board.harbours, strict=True):
        a, b = EDGE_VERTICES[slot]
        (xa, ya), (xb, yb) = VERTEX_XY[a], VERTEX_XY[b]
        hexes = [h for h in range(NUM_HEXES) if a in HEX_VERTICES[h] and b in HEX_VERTICES[h]]
        cx, cy = hex_center(hexes[0])
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        # One step further out than the path, away from the hex centre.
        ox, oy = mx + (mx - cx) * 0.9, my + (my - cy) * 0.9
        row = round(TOP + (oy + 8) * ROW_STEP)
        col = round(LEFT + (ox + 5) * COL_STEP)
        label = "3:1" if kind == GENERIC_PORT else f"2:1 {res[kind]}"
        width = len(_cells(label))
        canvas.put(max(0, row), max(0, col - width // 2), label, "bold cyan")


def _status(state: CatanState, viewer: int | None, lang: str) -> str:
    v = view(state, viewer)
    ja = lang == "ja"
    res = RESOURCE_NAMES[lang]
    lines = []
    bank = "  ".join(f"{res[k]} {c}" for k, c in enumerate(v["bank"]))
    lines.append(
        ("銀行: " if ja else "bank: ") + bank + f"   {'山札' if ja else 'deck'} {v['deck']}"
    )
    lines.append(
        "道と建物の数字はプレイヤー番号（P1なら1）、Sは開拓地、Cは都市"
        if ja
        else "a number on a road or building is its player's (1 for P1); S settlement, C city"
    )
    for p in range(state.n):
        style = PLAYER_STYLE[p]
        name = f"{player_name(p, lang)} (P{p + 1})"
        marks = []
        if v["to_move"] == p:
            marks.append("手番" if ja else "to move")
        if v["longest_road"] == p:
            marks.append("最長交易路" if ja else "longest road")
        if v["largest_army"] == p:
            marks.append("最大騎士力" if ja else "largest army")
        points = v["final_points"][p] if "final_points" in v else v["points"][p]
        info = (
            f"{'点' if ja else 'VP'} {points}  {'資源' if ja else 'cards'} {v['hand_sizes'][p]}  "
            f"{'発展' if ja else 'dev'} {v['development_cards'][p]}  "
            f"{'騎士' if ja else 'knights'} {v['knights'][p]}  "
            f"{'街道長' if ja else 'road'} {v['road_lengths'][p]}"
        )
        lines.append(f"[{style}]{name}[/] {info}  {' '.join(marks)}")
    if viewer is not None:
        hand = ", ".join(f"{c} {res[k]}" for k, c in enumerate(v["hand"]) if c) or "-"
        devs = v["your_development_cards"]
        dev = ", ".join(f"{c} {DEV_NAMES[lang][k]}" for k, c in enumerate(devs) if c) or "-"
        lines.append(("手札: " if ja else "your hand: ") + hand)
        lines.append(("発展カード: " if ja else "your development cards: ") + dev)
    return "\n".join(lines)


PROMPTS = {
    "setup_settlement": (
        "Place a starting settlement on a free corner",
        "初期配置：空いている交差点に開拓地を置く",
    ),
    "setup_road": (
        "Place a road touching the settlement you just placed",
        "初期配置：置いたばかりの開拓地につながる街道を置く",
    ),
    "pre_roll": (
        "Roll the dice (a knight may be played first)",
        "ダイスを振る（先に騎士を使える）",
    ),
    "discard": (
        "Discard {n}: half your hand, rounded down",
        "手札の半分（切り捨て）の{n}枚を捨てる",
    ),
    "robber": (
        "Move the robber to another hex and rob a player there",
        "盗賊を別の地形へ動かし、そこのプレイヤーから1枚奪う",
    ),
    "main": (
        "Trade, build or play a development card, then end your turn",
        "交易・建設・発展カードの使用をして、手番を終える",
    ),
    "free_road": ("Road building: place {n}", "街道建設：街道を{n}本置く"),
    "offer_draft": (
        "Write your offer: what you give and what you ask for",
        "交換の提案を作る：出すものと求めるもの",
    ),
    "offer_reply": (
        "Answer {name}'s offer: accept, decline or counter",
        "{name}の提案に答える：受ける、断る、逆提案",
    ),
    "counter_draft": ("Write your counter-offer to {name}", "{name}への逆提案を作る"),
    "offer_choice": (
        "Choose whom to trade with, or reject every answer",
        "交換する相手を選ぶか、すべて断る",
    ),
}


def prompt(state: CatanState, lang: str = "en") -> str:
    phase = PHASE_NAMES[state.phase]
    if phase not in PROMPTS:
        return ""
    ja = lang == "ja"
    template = PROMPTS[phase][ja]
    if phase == "discard":
        n = state.discard_left[to_move(state)]
        return template.format(n=n if ja else counted(n, "card", "cards"))
    if phase == "free_road":
        n = state.free_roads
        return template.format(n=n if ja else counted(n, "free road", "free roads"))
    return template.format(name=player_name(state.turn, lang))


# What a build costs (CT-BUILD-1) and gains, for the hover help of its place.
BUILDS = {
    "road": (ROAD_COST, ("longer roads", "交易路が伸びる")),
    "settlement": (SETTLEMENT_COST, ("1 VP", "1点")),
    "city": (CITY_COST, ("+1 VP, double production", "+1点、産出2倍")),
    "buy": (DEV_COST, ("a development card", "発展カード1枚")),
}


def build_help(state: CatanState, kind: str, lang: str) -> str:
    """What a build costs and gains ("costs 1 lumber, 1 brick; gains 1 VP"); a free one
    (set-up, road building) costs nothing."""
    if kind not in BUILDS:
        return ""
    cost, gains = BUILDS[kind]
    ja = lang == "ja"
    res = RESOURCE_NAMES[lang]
    paid = [f"{res[k]}{n}" if ja else f"{n} {res[k]}" for k, n in enumerate(cost) if n]
    price = ("、".join(paid) if ja else ", ".join(paid)) if state.phase == MAIN else ""
    gain = gains[ja]
    if ja:
        return f"コスト：{price}、得るもの：{gain}" if price else f"無料、得るもの：{gain}"
    return f"costs {price}; gains {gain}" if price else f"free; gains {gain}"
