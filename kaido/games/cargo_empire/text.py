"""Action texts, narration and the terminal board of Cargo Empire, in English and Japanese.

Action texts name cities by the Europe map's names (the action's arguments are city
indices); `parse_action` accepts them back in either language.
"""

from __future__ import annotations

from typing import Any

from kaido.core.events import Event
from kaido.games.cargo_empire.board import CITY_COLOURS, EUROPE, TRANSPORTS, Components, Goal
from kaido.games.cargo_empire.engine import Key, plan_keys
from kaido.games.cargo_empire.state import (
    BLANK,
    CLAN_NAMES,
    F_CARD,
    F_CITY,
    F_CITY_GOAL,
    F_EMBLEM,
    F_END,
    F_EXPRESS,
    F_EXTRA,
    F_FIRST,
    F_GOAL,
    F_ORDER,
    F_PAY,
    F_PLAN,
    F_ROW,
    F_SECOND,
    F_TINO,
    F_VASSAL,
    PHASE_OVER,
    PLAYER_COLOURS,
    CEState,
)
from kaido.games.cargo_empire.views import view

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "car": "car", "loco": "locomotive", "ship": "ship", "orange": "orange", "white": "white",
        "grey": "grey", "brown": "brown", "red": "red", "blue": "blue", "green": "green",
        "yellow": "yellow", "purple": "purple", "upper": "upper", "lower": "lower",
        "blank": "blank", "round": "round", "turn": "turn", "to_move": "to move",
        "display": "display", "deck": "deck", "blanks": "blanks", "goals": "goals",
        "cards": "cards", "posts": "posts left", "cubes": "cubes", "city": "City",
        "level": "Lv", "demand": "demand", "trading": "posts", "track": "Track",
        "harbour": "harbour", "over": "game over", "score": "score", "emblem": "emblem",
        "vp": "VP", "express": "Express spaces",
    },
    "ja": {
        "car": "自動車", "loco": "機関車", "ship": "船", "orange": "オレンジ", "white": "白",
        "grey": "灰", "brown": "茶", "red": "赤", "blue": "青", "green": "緑", "yellow": "黄",
        "purple": "紫", "upper": "上段", "lower": "下段", "blank": "空白", "round": "ラウンド",
        "turn": "手番", "to_move": "の番", "display": "都市ディスプレイ", "deck": "山札",
        "blanks": "空白", "goals": "目標", "cards": "カード", "posts": "残り交易所",
        "cubes": "貨物", "city": "都市", "level": "段階", "demand": "需要", "trading": "交易所",
        "track": "開発トラック", "harbour": "港", "over": "ゲーム終了", "score": "得点",
        "emblem": "紋章", "vp": "勝利点", "-": "－", "any": "任意", "goal": "目標",
        "city_bonus": "都市", "city_or_goal": "都/目", "express": "急行スペース",
    },
}  # fmt: skip
PENDING_JA = {
    "keep_goal": "目標カードを選ぶ", "take_card": "カードを選ぶ", "first_post": "最初の交易所",
    "second_post": "2個目の交易所", "emblem": "紋章を置く", "begin": "開始", "plan": "輸送を選ぶ",
    "pay": "支払う", "develop": "開発", "advance": "マーカーを選ぶ", "extra_step": "追加の前進",
    "move": "前進", "row": "段を選ぶ", "city_card": "都市カードを選ぶ", "end_turn": "手番の終わり",
    "tino_harbour": "紋章都市を港とするか", "score": "最終得点",
    "city_or_goal": "都市カードか目標カードを選ぶ", "express": "急行タイルを選ぶ",
    "vassal": "家臣の交易所を置く",
}  # fmt: skip
"""What the player to move decides (the view's pending frame names), in Japanese."""
CUBES = ("orange", "white", "grey", "brown")
CLANS_JA = (
    "エルストン商工会",
    "グラット協会",
    "ロックリエル鉱業カルテル",
    "カシャ交易協同組合",
    "ティノ商船団",
)


def w(word: str, lang: str) -> str:
    return WORDS[lang].get(word, word)


def city(c: int, lang: str, comp: Components = EUROPE) -> str:
    """City `c` of the map `comp` (a blank card has no city)."""
    if c == BLANK:
        return w("blank", lang)
    return comp.names_ja[c] if lang == "ja" else comp.names[c]


def city_named(name: str | None, lang: str, comp: Components) -> str:
    """A city the view names (English), in `lang`."""
    if name is None:
        return "-"
    if name == "blank":
        return w("blank", lang)
    return city(comp.names.index(name), lang, comp)


def bonus(name: str, lang: str) -> str:
    """A track bonus as the view names it (car, loco, ship, city, goal, any, c/g, -)."""
    if lang != "ja":
        return "c/g" if name == "city_or_goal" else name
    return w("city_bonus" if name == "city" else name, lang)


def track_row(names: list[str], ends: list[int], lang: str) -> str:
    """One row of a track tile, 5 characters a column; a wide space (CE-ADV-5) is drawn
    in brackets across its columns."""
    cells, first = [], 0
    for name, end in zip(names, ends, strict=True):
        span = end - first + 1
        label = bonus(name, lang)
        cells.append(f"{label:4}" if span == 1 else f"[{label:^{5 * span - 3}}]")
        first = end + 1
    return " ".join(cells)


GROUPS = {
    "red": ("red", "赤の都市"), "blue": ("blue", "青の都市"), "green": ("green", "緑の都市"),
    "yellow": ("yellow", "黄の都市"), "harbour": ("harbour", "港の都市"),
    "inland": ("non-harbour", "港のない都市"), "level2": ("level-2", "レベル2の都市"),
}  # fmt: skip
HELD = {
    "city_cards": ("City cards you hold", "持っている都市カード"),
    "goal_cards": ("Goal cards you hold (this one too)", "持っている目標カード（この1枚を含む）"),
}


def goal_text(goal: Goal, lang: str = "en", players: int | None = None) -> str:
    """What a goal card asks and what it scores (CE-GOAL-1..25), as its card says it."""
    ja = lang == "ja"
    kind = goal.kind
    if kind == "sets":
        names = [GROUPS[g][ja] for g in goal.groups]
        if ja:
            return f"交易所のある{'と'.join(names)}の組1つにつき{goal.vp}点"
        listed = ", ".join(f"a {g}" for g in names[:-1]) + f" and a {names[-1]}"
        return f"{goal.vp} VP per set of {listed} city where you are present"
    if kind == "network":
        if ja:
            return f"陸路でつながった、交易所のある都市の最大のまとまり：1都市につき{goal.vp}点"
        return f"{goal.vp} VP per city of your largest network of cities linked by land routes"
    if kind in ("count", "held"):
        if kind == "held":
            what = HELD[goal.what][ja]
        else:
            group = GROUPS[goal.groups[0]][ja]
            what = f"交易所のある{group}" if ja else f"{group.capitalize()} cities where present"
        return f"{what}{'：' if ja else ': '}{_tiers(goal.tiers, lang)}"
    if kind == "each":
        if goal.what == "level3":
            if ja:
                return f"交易所のあるレベル3の都市1つにつき{goal.vp}点"
            return f"{goal.vp} VP per level-3 city where you are present"
        if ja:
            return f"自分の交易所が2個以上ある都市1つにつき{goal.vp}点"
        return f"{goal.vp} VP per city holding 2 or more of your posts"
    if kind == "four_posts":
        if ja:
            return f"1つの都市に自分の交易所が4個あれば{goal.vp}点"
        return f"{goal.vp} VP if one city holds 4 of your posts"
    marker = w(TRANSPORTS[goal.marker], lang)
    by_count = dict(goal.vp_by_count)
    if players in by_count:
        vp = str(by_count[players])
    else:
        vp = "/".join(str(v) for _, v in goal.vp_by_count)
    if ja:
        return f"自分より後ろにいる他の{marker}マーカー1個につき{vp}点"
    return f"{vp} VP per other {marker} marker behind yours"


def _tiers(tiers: tuple[tuple[int, int], ...], lang: str) -> str:
    """Tiers best first, as "6+ → 12 VP, 4–5 → 6 VP"."""
    parts, above = [], None
    for at_least, vp in tiers:
        more = "以上" if lang == "ja" else "+"
        count = f"{at_least}{more}" if above is None else f"{at_least}–{above - 1}"
        parts.append(f"{count} → {vp}{'点' if lang == 'ja' else ' VP'}")
        above = at_least
    return ("、" if lang == "ja" else ", ").join(parts)


def player_name(p: int, colours: tuple[int, ...], lang: str) -> str:
    colour = PLAYER_COLOURS[colours[p]] if p < len(colours) else PLAYER_COLOURS[p]
    return w(colour, lang).capitalize()


def _cards_text(cars: int, locos: int, ships: int, lang: str) -> str:
    parts = [
        f"{w(t, lang)} {k}" for t, k in zip(TRANSPORTS, (cars, locos, ships), strict=True) if k
    ]
    return " + ".join(parts)


def action_text(
    key: Key, lang: str = "en", comp: Components = EUROPE, players: int | None = None
) -> str:
    """`players`: the game's players with the bot (what goals 22-24 score depends on)."""
    kind, args = key[0], key[1:]
    ja = lang == "ja"
    if kind == "keep_goal":
        goal = goal_text(comp.goals[args[0] - 1], lang, players)
        return f"目標{args[0]}を残す：{goal}" if ja else f"keep goal {args[0]}: {goal}"
    if kind == "plan":
        o, d, space, colour = args
        what = f"{city(o, lang, comp)}->{city(d, lang, comp)} {w(CUBES[colour], lang)}"
        return f"輸送 {what} 需要{space + 1}" if ja else f"transport {what} space {space + 1}"
    if kind == "vassal":
        o, d, space, colour = args
        what = f"{city(o, lang, comp)}->{city(d, lang, comp)} {w(CUBES[colour], lang)}"
        return f"家臣 {what} 需要{space + 1}" if ja else f"vassal {what} space {space + 1}"
    if kind == "pay":
        cars, locos, ships, mode = args
        text = _cards_text(cars, locos, ships, lang)
        if mode:
            text += " (エルストン紋章)" if ja else " (Elleston emblem)"
        return f"支払い {text}" if ja else f"pay {text}"
    simple = {
        "take_three": ("take car + locomotive + ship", "自動車・機関車・船を1枚ずつ得る"),
        "rockriel": ("enhance a locomotive (Rockriel)", "機関車を強化する（ロックリエル）"),
        "elleston_car": ("take a car card (Elleston)", "自動車カードを得る（エルストン）"),
        "end_turn": ("end turn", "手番を終える"),
        "no_express": ("take no express tile", "急行タイルを得ない"),
    }
    if kind in simple:
        return simple[kind][1 if ja else 0]
    return _with_args(kind, args, lang, comp)


def _with_args(kind: str, args: tuple[Any, ...], lang: str, comp: Components) -> str:
    ja = lang == "ja"
    if kind == "take_card":
        return (
            f"{w(TRANSPORTS[args[0]], lang)}カードを得る"
            if ja
            else f"take a {w(TRANSPORTS[args[0]], lang)} card"
        )
    if kind == "first_post":
        return (
            f"最初の交易所 {city(args[0], lang, comp)} 需要{args[1] + 1}"
            if ja
            else f"first post {city(args[0], lang, comp)} space {args[1] + 1}"
        )
    if kind == "second_post":
        return f"2個目の交易所 需要{args[0] + 1}" if ja else f"second post space {args[0] + 1}"
    if kind == "emblem":
        return (
            f"紋章を{city(args[0], lang, comp)}に置く"
            if ja
            else f"emblem on {city(args[0], lang, comp)}"
        )
    if kind == "advance":
        return (
            f"{w(TRANSPORTS[args[0]], lang)}マーカーを進める"
            if ja
            else f"advance the {w(TRANSPORTS[args[0]], lang)} marker"
        )
    if kind == "extra":
        return (
            f"追加の前進 {w(TRANSPORTS[args[0]], lang)}"
            if ja
            else f"extra step {w(TRANSPORTS[args[0]], lang)}"
        )
    if kind == "row":
        row = w(("upper", "lower")[args[0]], lang)
        return f"{row}を進む" if ja else f"{row} row"
    if kind == "city_card":
        return f"都市カード {args[0] + 1}枚目を得る" if ja else f"take display card {args[0] + 1}"
    if kind == "city_or_goal":
        pair = (("take a city card", "都市カードを得る"), ("take goal cards", "目標カードを得る"))
        return pair[args[0]][1 if ja else 0]
    if kind == "express":
        return (
            f"急行スペース{args[0] + 1}のタイルを得る" if ja else f"take express tile {args[0] + 1}"
        )
    if kind == "refill":
        return (
            f"{city(args[0], lang, comp)}に貨物を補充"
            if ja
            else f"refill {city(args[0], lang, comp)}"
        )
    if kind == "move_emblem":
        return (
            f"紋章を{city(args[0], lang, comp)}へ移す"
            if ja
            else f"move emblem to {city(args[0], lang, comp)}"
        )
    if kind == "glatt_move":
        a, b, colour = args
        cube = w(CUBES[colour], lang)
        return (
            f"{cube}の貨物を{city(a, lang, comp)}から{city(b, lang, comp)}へ（グラット）"
            if ja
            else f"move {cube} cube {city(a, lang, comp)}->{city(b, lang, comp)} (Glatt)"
        )
    if kind == "kasha":
        return (
            f"{CLANS_JA[args[0]]}の紋章能力を得る"
            if ja
            else f"gain {CLAN_NAMES[args[0]]}'s emblem ability (Kasha)"
        )
    if kind == "tino_swap":
        return (
            f"{w(TRANSPORTS[args[0]], lang)}を捨てて船を得る"
            if ja
            else f"swap a {w(TRANSPORTS[args[0]], lang)} for a ship (Tino)"
        )
    if kind == "tino_harbour":
        return (
            ("紋章都市を港とする" if args[0] else "紋章都市を港としない")
            if ja
            else ("emblem city is a harbour" if args[0] else "emblem city is no harbour")
        )
    return " ".join([kind, *(str(a) for a in args)])  # fmt: skip


def describe(
    event: Event,
    viewer: int | None,
    colours: tuple[int, ...],
    lang: str = "en",
    comp: Components = EUROPE,
) -> str:
    data = event.for_viewer(viewer)
    kind = data["kind"]
    who = player_name(data["player"], colours, lang) if "player" in data else ""
    ja = lang == "ja"
    if kind == "transport":
        cars, locos, ships = data["cards"]
        cards = _cards_text(cars, locos, ships, lang)
        cube = w(CUBES[data["colour"]], lang)
        route = f"{city(data['origin'], lang, comp)}->{city(data['dest'], lang, comp)}"
        return (
            f"{who}: {cube}の貨物 {route}（{cards}）"
            if ja
            else f"{who} ships {cube} {route} by {cards}"
        )
    if kind == "upgrade":
        full = (" 完全" if ja else " (full)") if data["full"] else ""
        return (
            f"{city(data['city'], lang, comp)}がレベル{data['level']}に{full}"
            if ja
            else f"{city(data['city'], lang, comp)} upgrades to level {data['level']}{full}"
        )
    if kind == "goal_kept":
        goal = f" {data['goal']}" if "goal" in data else ""
        return f"{who}: 目標カード{goal}を残す" if ja else f"{who} keeps a goal card{goal}"
    if kind == "goal_taken":
        return f"{who}: 最後の目標カードを得る" if ja else f"{who} takes the last goal card"
    if kind == "card":
        t = w(TRANSPORTS[data["transport"]], lang)
        return f"{who}: {t}カード+1" if ja else f"{who} takes a {t} card"
    if kind == "post":
        return (
            f"{who}: {city(data['city'], lang, comp)}に交易所"
            if ja
            else f"{who} puts a post in {city(data['city'], lang, comp)}"
        )
    if kind == "emblem":
        return (
            f"{who}: 紋章を{city(data['city'], lang, comp)}に"
            if ja
            else f"{who} puts the emblem on {city(data['city'], lang, comp)}"
        )
    if kind == "city_card":
        return (
            f"{who}: 都市カード {city(data['card'], lang, comp)}"
            if ja
            else f"{who} takes the {city(data['card'], lang, comp)} card"
        )
    if kind == "no_transport":
        return (
            f"{who}: 輸送できず交易所を1個除外"
            if ja
            else f"{who} cannot transport: a post leaves the game"
        )
    if kind == "ability":
        return (
            f"{who}: 貨物2個で能力 {action_text(tuple(data['ability']), lang, comp)}"
            if ja
            else f"{who} pays 2 cubes: {action_text(tuple(data['ability']), lang, comp)}"
        )
    if kind == "express":
        tile = w(TRANSPORTS[data["transport"]], lang)
        return (
            f"{who}: 急行タイル（{tile}）を得て1マス前進"
            if ja
            else f"{who} takes the {tile} express tile: {tile} marker +1 step"
        )
    if kind == "express_placed":
        tiles = ", ".join(w(TRANSPORTS[t], lang) for t in data["tiles"])
        return f"急行タイルを配置: {tiles}" if ja else f"express tiles placed: {tiles}"
    if kind == "order":
        names = ", ".join(player_name(p, colours, lang) for p in data["order"])
        return f"新しい手番順: {names}" if ja else f"new turn order: {names}"
    if kind == "vassal":
        cube = w(CUBES[data["colour"]], lang)
        route = f"{city(data['origin'], lang, comp)}->{city(data['dest'], lang, comp)}"
        return (
            f"{who}の家臣: {cube}の貨物 {route}（無料）"
            if ja
            else f"{who}'s vassal ships {cube} {route} (free)"
        )
    if kind.startswith("bot_"):
        return _bot_event(kind, data, who, lang, comp)
    if kind == "final":  # each player's total, the bot's named as such (CE-BOT)
        bot, marked = data.get("bot", -1), "（ボット）" if ja else " (bot)"
        named = [
            f"{player_name(p, colours, lang)}{marked if p == bot else ''} {score}"
            for p, score in enumerate(data["scores"])
        ]
        return ("最終得点: " + "、".join(named)) if ja else "final scores: " + ", ".join(named)
    return f"{kind} {data}"  # fmt: skip


def _bot_event(kind: str, data: dict[str, Any], who: str, lang: str, comp: Components) -> str:
    """The bot's automatic steps (CE-BOT-9..26)."""
    ja = lang == "ja"
    bot = f"ボット（{who}）" if ja else f"the bot ({who})"
    if kind == "bot_card":
        return (
            f"{bot}: ボットカード{data['card']}" if ja else f"{bot} draws bot card {data['card']}"
        )
    if kind == "bot_reshuffle":
        return "ボットデッキを混ぜ直す" if ja else "the bot deck is reshuffled"
    if kind == "bot_goal":
        return (
            f"{bot}: 目標カード{data['goal']}を公開"
            if ja
            else f"{bot} lays goal card {data['goal']} face up"
        )
    where = city(data["city"] if kind == "bot_post" else data["dest"], lang, comp)
    if kind == "bot_transport":
        cube = w(CUBES[data["colour"]], lang)
        origin = city(data["origin"], lang, comp)
        return (
            f"{bot}: {cube}の貨物 {origin}->{where}（無料）"
            if ja
            else f"{bot} ships {cube} {origin}->{where} (free)"
        )
    return f"{bot}: {where}に交易所（2c）" if ja else f"{bot} puts a post in {where} (step 2c)"


def render(st: CEState, viewer: int | None, lang: str = "en") -> str:
    """The map, the development track and the players for a 100-column terminal."""
    v = view(st, viewer)
    lines = [_header(st, v, lang), ""]
    lines += _cities(st, v, lang)
    if st.express:  # Dior (CE-DIOR-1): each express space, its tile and its cities
        lines += ["", w("express", lang)]
        for k, joined in enumerate(st.comp.express):
            express = w(TRANSPORTS[st.express[k]], lang) if st.express[k] >= 0 else "-"
            names = ", ".join(city(c, lang, st.comp) for c in joined)
            lines.append(f"  {k + 1}. {express:10} ({names})")
    lines += ["", w("track", lang)]
    for k, tile in enumerate(v["track"]):
        rows = [track_row(r, e, lang) for r, e in zip(tile["rows"], tile["ends"], strict=True)]
        lines.append(f"  {k + 1}. {tile['tile']}{tile['side']}  ↑ {rows[0]}   ↓ {rows[1]}")
    lines.append(f"  {w('vp', lang)}: {' '.join(str(x) for x in st.comp.vp_zone)}")
    lines.append("")
    shown = " | ".join(city(c, lang, st.comp) for c in st.display)
    deck = v["deck"]
    lines.append(
        f"{w('display', lang)}: {shown}   "
        f"{w('deck', lang)} {deck['hidden']} + {deck['blanks']} {w('blanks', lang)}"
    )
    lines += _players(st, v, lang)
    if "bot" in v:
        lines.append(_bot_line(st, v["bot"], lang))
    for p, vassal in enumerate(v.get("vassals", ())):  # CE-2P-3
        colour = w(vassal["colour"], lang).capitalize()
        owner = player_name(p, st.colours, lang)
        lines.append(
            f"{owner}の家臣 {colour}: 交易所 {vassal['placed']}/12"
            if lang == "ja"
            else f"{owner}'s vassal {colour}: {vassal['placed']}/12 posts placed"
        )
    return "\n".join(lines)  # fmt: skip


def _header(st: CEState, v: dict[str, Any], lang: str) -> str:
    title = "カーゴエンパイア" if lang == "ja" else "Cargo Empire"
    if v["phase"] == "over":
        scores = ", ".join(
            f"{player_name(p, st.colours, lang)} {sum(s)}" for p, s in enumerate(v["scores"])
        )
        return f"{title} — {w('over', lang)}: {scores}"
    mover = v["to_move"]
    who = player_name(mover, st.colours, lang) if mover >= 0 else "-"
    pending = v["pending"][-1]["kind"] if v["pending"] else ""
    if lang == "ja":
        pending = PENDING_JA.get(pending, pending)
    where = f"{w('round', lang)} {v['round']}/3, {w('turn', lang)} {v['turn'] + 1}"
    return f"{title} — {where} — {who} {w('to_move', lang)}: {pending}"


def _cities(st: CEState, v: dict[str, Any], lang: str) -> list[str]:
    out = [
        f" #  {w('city', lang):14} {'':3} {w('level', lang)} {w('cubes', lang):14} "
        f"{w('demand', lang):28} {w('trading', lang)}"
    ]
    for c, entry in enumerate(v["cities"]):
        colour = w(CITY_COLOURS[st.comp.colours[c]], lang)[0].upper()
        port = "⚓" if st.comp.harbour[c] else " "
        posts = " ".join(
            f"{player_name(p, st.colours, lang)[:2]}{k}"
            for p, k in enumerate(entry["posts"] + entry.get("vassal_posts", []))
            if k
        )
        if entry["level"] == 3:
            out.append(
                f"{st.comp.numbers[c]:2}  {city(c, lang, st.comp):14} {colour}{port}  3  "
                f"{'':14} {'':28} {posts}"
            )
            continue
        cubes = " ".join(w(x, lang)[:6] if x else "·" for x in entry["cubes"])
        demand = "  ".join(
            f"{w(d['colour'], lang)[:6]}{_boxed(_short(st, d['post'], lang), lang)}"
            for d in entry["demand"]
        )
        out.append(
            f"{st.comp.numbers[c]:2}  {city(c, lang, st.comp):14} {colour}{port}  "
            f"{entry['level']}  "
            f"{cubes:14} {demand:28} {posts}"
        )
    return out


def _boxed(text: str, lang: str) -> str:
    return f"「{text}」" if lang == "ja" else f"[{text}]"


def _short(st: CEState, seat: int | None, lang: str) -> str:
    return " " if seat is None else player_name(seat, st.colours, lang)[:2]


def _players(st: CEState, v: dict[str, Any], lang: str) -> list[str]:
    out = []
    for p, entry in enumerate(v["players"]):
        name = player_name(p, st.colours, lang)
        if entry["bot"]:
            name += "（ボット）" if lang == "ja" else " (bot)"
        clan = f" ({_clan(entry['clan'], lang)})" if entry["clan"] else ""
        cards = " ".join(f"{w(t, lang)} {k}" for t, k in entry["cards"].items())
        markers = " ".join(f"{w(t, lang)}@{m['position']}" for t, m in entry["markers"].items())
        goals = entry["goal_count"] if entry["goals"] is None else _goals(entry["goals"], lang)
        cities = ", ".join(city_named(name, lang, st.comp) for name in entry["city_cards"]) or "-"
        line = f"{name}{clan}: {cards} | {w('posts', lang)} {entry['posts_left']} | {markers}"
        line += f" | {w('goals', lang)} {goals}"
        out.append(line)
        extra = f"    {w('cards', lang)}: {cities}"
        if entry["clan"]:
            extra += (
                f" | {w('cubes', lang)} {entry['cubes']}"
                f" | {w('emblem', lang)} {city_named(entry['emblem'], lang, st.comp)}"
            )
        out.append(extra)
    return out


def _bot_line(st: CEState, bot: dict[str, Any], lang: str) -> str:
    """The bot's markers (CE-BOT-3): origin city, destination card; its public goals."""
    slot = bot["destination_slot"]
    dest = city(st.display[slot], lang, st.comp) if slot >= 0 else "-"
    origin = city_named(bot["origin"], lang, st.comp)
    goals = _goals(bot["goals"], lang)
    if lang == "ja":
        return f"ボット: 出発地 {origin} | 目的地 {dest} | 山札 {bot['deck']} | 目標 {goals}（2倍）"
    return f"bot: origin {origin} | destination {dest} | deck {bot['deck']} | goals {goals} (x2)"


def _clan(name: str, lang: str) -> str:
    return CLANS_JA[CLAN_NAMES.index(name)] if lang == "ja" else name


def _goals(goals: list[int], lang: str) -> str:
    return "・".join(str(g) for g in goals) if lang == "ja" else str(goals)


PROMPTS = {
    F_GOAL: (
        "Keep one of the two goal cards drawn; the other goes under the goal deck",
        "引いた目標カード2枚から1枚を残す（もう1枚は目標デッキの下へ）",
    ),
    F_CARD: ("Take a transport card of any kind", "好きな種類の輸送カードを1枚得る"),
    F_FIRST: (
        "Put your first trading post on a demand space of a city in the display",
        "ディスプレイの都市の需要スペースに最初の交易所を置く",
    ),
    F_SECOND: (
        "Put your second trading post on a demand space of your personal city card's city",
        "個人の都市カードの都市の需要スペースに2個目の交易所を置く",
    ),
    F_EMBLEM: ("Put your clan's emblem on a city", "クランの紋章を都市に置く"),
    F_PLAN: (
        "Choose a transport: a cube's origin city, then a destination that demands it",
        "輸送を選ぶ：貨物の出発地、次にそれを求める目的地",
    ),
    F_PAY: ("Pay for the transport with your transport cards", "輸送カードで輸送の代金を払う"),
    F_ORDER: ("Choose which marker takes its steps next", "次に前進するマーカーを選ぶ"),
    F_EXTRA: ("Choose the marker that takes the extra step", "追加の1マスを進むマーカーを選ぶ"),
    F_ROW: ("Choose the row your {transport} marker enters", "{transport}マーカーが進む段を選ぶ"),
    F_CITY: ("Take a city card from the display", "ディスプレイから都市カードを1枚得る"),
    F_END: (
        "Use a clan ability (2 cubes), or end your turn",
        "クラン能力を使う（貨物2個）か、手番を終える",
    ),
    F_TINO: ("Say whether your emblem city counts as a harbour", "紋章の都市を港とするかを決める"),
    F_CITY_GOAL: ("Take a city card, or goal cards", "都市カードか目標カードを得る"),
    F_EXPRESS: (
        "Take an express tile your route passes, or none",
        "経路上の急行タイルを1枚得るか、得ない",
    ),
    F_VASSAL: (
        "Your vassal's free delivery: an origin city, then a destination",
        "家臣の無料輸送：出発地、次に目的地を選ぶ",
    ),
}
NO_TRANSPORT = (
    "No transport is possible: refill a city, or take one card of each kind",
    "輸送できない：都市に貨物を補充するか、各種カードを1枚ずつ得る",
)


def prompt(st: CEState, lang: str = "en") -> str:
    if st.phase == PHASE_OVER or not st.stack:
        return ""
    ja = lang == "ja"
    frame = st.stack[-1]
    if frame[0] == F_PLAN and not plan_keys(st, frame[1]):
        return NO_TRANSPORT[ja]
    if frame[0] not in PROMPTS:
        return ""
    transport = w(TRANSPORTS[frame[2]], lang) if frame[0] == F_ROW else ""
    return PROMPTS[frame[0]][ja].format(transport=transport)
