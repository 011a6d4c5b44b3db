"""Action texts, event narration and the terminal board, in English and Japanese."""

from __future__ import annotations

from typing import Any

from kaido.core.events import Event
from kaido.games.russian_railroads.components import (
    COLOURS,
    DOUBLER_SQUARES,
    ENGINEER_COST,
    LINE_COLOURS,
    LINE_LENGTH,
    MAIN_SPACES,
    R_UNLOCK,
    SPACES,
    SPECIAL_BY_KEY,
    STRIPS,
    TURN_ORDER_VP,
    engineer_space,
)
from kaido.games.russian_railroads.engine import active_spaces, to_move
from kaido.games.russian_railroads.markers import reach
from kaido.games.russian_railroads.scoring import round_score
from kaido.games.russian_railroads.state import (
    BLACKW,
    ENG_USED,
    ENGS,
    F_ADV_CARD,
    F_ADV_TOKEN,
    F_AGAIN,
    F_EB,
    F_FREPLACE,
    F_LOCO,
    F_REPEAT,
    F_REUSE,
    F_START,
    F_STEPS,
    F_TILE,
    FACT,
    HAND,
    IND,
    IND2,
    LOCO,
    PASSED,
    PHASE_OVER,
    POS,
    RUBLES,
    STOCKW,
    TEMP,
    TOKENS,
    VP,
    X2,
    RRState,
)

Key = tuple[Any, ...]

COLOUR_NAME = {
    "en": ("black", "grey", "brown", "vanilla", "white"),
    "ja": ("黒", "灰色", "茶色", "バニラ色", "白"),
}
LINE_NAME = {
    "en": ("Trans-Siberian", "St Petersburg", "Kiev"),
    "ja": ("シベリア横断鉄道", "サンクトペテルブルク鉄道", "キエフ鉄道"),
}
SLOT_NAME = {
    "en": ("Trans-Siberian slot 1", "Trans-Siberian slot 2", "St Petersburg", "Kiev"),
    "ja": (
        "シベリア横断鉄道の枠1",
        "シベリア横断鉄道の枠2",
        "サンクトペテルブルク鉄道",
        "キエフ鉄道",
    ),
}
SPACE_NAME: dict[str, dict[str, str]] = {
    "black_2": {"en": "2 black (1 worker)", "ja": "黒2マス（ワーカー1）"},
    "black_3": {"en": "3 black (2 workers)", "ja": "黒3マス（ワーカー2）"},
    "grey_2": {"en": "2 grey (1 worker)", "ja": "灰色2マス（ワーカー1）"},
    "grey_3": {"en": "3 grey (2 workers)", "ja": "灰色3マス（ワーカー2）"},
    "brown_1": {"en": "1 brown (1 worker)", "ja": "茶色1マス（ワーカー1）"},
    "brown_2": {"en": "2 brown (2 workers)", "ja": "茶色2マス（ワーカー2）"},
    "vanilla_1": {"en": "1 vanilla (1 worker)", "ja": "バニラ色1マス（ワーカー1）"},
    "vanilla_2": {"en": "2 vanilla (2 workers)", "ja": "バニラ色2マス（ワーカー2）"},
    "white_1": {"en": "1 white (1 worker)", "ja": "白1マス（ワーカー1）"},
    "white_2": {"en": "2 white (2 workers)", "ja": "白2マス（ワーカー2）"},
    "any_2": {"en": "2 any (1 worker + 1 ruble)", "ja": "任意2マス（ワーカー1+1ルーブル）"},
    "multi": {"en": "1 black or grey (reusable)", "ja": "黒か灰色1マス（何度でも）"},
    "tile_top": {"en": "loco or factory (1 worker)", "ja": "機関車か工場（ワーカー1）"},
    "tile_middle": {"en": "loco or factory (2 workers)", "ja": "機関車か工場（ワーカー2）"},
    "tile_bottom": {"en": "loco and factory", "ja": "機関車と工場"},
    "industry_1": {"en": "industry +1 (1 worker)", "ja": "工業+1（ワーカー1）"},
    "industry_2": {"en": "industry +2 (2 workers)", "ja": "工業+2（ワーカー2）"},
    "industry_black": {"en": "industry +1 and black +1", "ja": "工業+1と黒+1"},
    "doubler": {"en": "x2 token", "ja": "×2トークン"},
    "rubles": {"en": "2 rubles", "ja": "2ルーブル"},
    "temp": {"en": "2 temporary workers", "ja": "臨時ワーカー2個"},
    "engineer_left": {"en": "left public engineer", "ja": "左の横向き技術者"},
    "engineer_right": {"en": "right public engineer", "ja": "右の横向き技術者"},
    "hire": {"en": "hire the engineer (1 ruble)", "ja": "技術者を雇用（1ルーブル）"},
    "order_1": {"en": "turn order 1", "ja": "手番順1番"},
    "order_2": {"en": "turn order 2", "ja": "手番順2番"},
    "last_1": {"en": "industry +3 (last round, left)", "ja": "工業+3（最終ラウンド・左）"},
    "last_2": {"en": "industry +3 (last round, right)", "ja": "工業+3（最終ラウンド・右）"},
}
ENGINEER_TEXT = {
    "en": (
        "",
        "any markers 2 steps",
        "industry +1, +3 VP",
        "black +1, grey +1",
        "x2 token, +3 VP",
        "any marker +1, +3 VP",
        "grey +1, +5 VP",
        "black +1, +3 VP",
        "repeat a space used with 1 worker/ruble",
        "industry +2",
        "industry +1, black +1",
        "any marker +1, black +1",
        "a loco or a factory",
        "grey +1, brown +1",
        "black +2",
        "brown +1, +5 VP",
    ),
    "ja": (
        "",
        "任意の線路コマ2マス",
        "工業+1、3勝利点",
        "黒+1、灰色+1",
        "×2トークン、3勝利点",
        "任意の線路コマ+1、3勝利点",
        "灰色+1、5勝利点",
        "黒+1、3勝利点",
        "ワーカー1個かルーブル1個で使ったスペースを再実行",
        "工業+2",
        "工業+1、黒+1",
        "任意の線路コマ+1、黒+1",
        "機関車か工場",
        "灰色+1、茶色+1",
        "黒+2",
        "茶色+1、5勝利点",
    ),
}
TOKEN_TEXT = {
    "en": (
        "",
        "markers 4 steps",
        "industry +5",
        "second industry marker",
        "3 x2 tokens",
        "revaluation",
        "Kiev medal",
        "advantage card and end bonus",
    ),
    "ja": (
        "",
        "線路コマ4マス",
        "工業+5",
        "2個目の工業マーカー",
        "×2トークン3個",
        "再評価トークン",
        "キエフ勲章",
        "アドバンテージカードとエンドボーナス",
    ),
}
CARD_TEXT = {
    "en": (
        "",
        "x2, industry, black, one again",
        "engineer 1 and 1 ruble",
        "factory, industry +2",
        "black worker",
        "the special 9 loco",
    ),
    "ja": (
        "",
        "×2・工業・黒、1つをもう一度",
        "技術者1番と1ルーブル",
        "工場、工業+2",
        "黒のワーカー",
        "特別な9番機関車",
    ),
}
START_TEXT = {
    "en": ("", "black +1", "industry +1", "x2 token", "1 ruble"),
    "ja": ("", "黒+1", "工業+1", "×2トークン", "1ルーブル"),
}
AGAIN_TEXT = {
    "en": ("", "x2 token", "industry +1", "black +1"),
    "ja": ("", "×2トークン", "工業+1", "黒+1"),
}
END_BONUS_TEXT = {
    "en": (
        "",
        "15 VP",
        "10 VP per completed line (max 30)",
        "4 VP per factory (max 20)",
        "sum of your locos",
        "10 VP per extra worker (max 30)",
        "sum of black marker squares",
        "7 VP per advantage token (max 28)",
        "x2: 4-6 = 20 VP, 7+ = 30 VP",
        "counts as an engineer",
        "6 VP per engineer",
    ),
    "ja": (
        "",
        "15勝利点",
        "完成した鉄道1つにつき10点（最大30）",
        "工場1つにつき4点（最大20）",
        "機関車番号の合計",
        "追加ワーカー1個につき10点（最大30）",
        "黒の線路コマのマスの合計",
        "アドバンテージトークン1個につき7点（最大28）",
        "×2が4〜6個で20点、7個以上で30点",
        "技術者1枚として数える",
        "技術者1枚につき6点",
    ),
}


VP_REASON = {
    "action": ("from an action space", "アクションスペース"),
    "round": ("at the round's scoring", "ラウンドの得点計算"),
    "pass": ("for the passing order", "パスの順番"),
    "engineers": ("for the engineers", "技術者"),
    "factory": ("from factory {n}", "工場{n}"),
    "end bonus": ("from end bonus card {n} ({text})", "エンドボーナス{n}（{text}）"),
    "end bonus blind": ("for an end bonus card taken unseen", "見ずに取ったエンドボーナス"),
}


def vp_reason(why: str, lang: str) -> str:
    """Why points were scored (the engine's `why` code) as words."""
    ja = lang == "ja"
    if why in SPECIAL_BY_KEY:  # a bonus square reached
        return _special_text(why, lang) if ja else f"for {_special_text(why, lang)}"
    kind, _, number = why.rpartition(" ") if why[-1].isdigit() else (why, "", "")
    template = VP_REASON[kind][1 if ja else 0]
    text = END_BONUS_TEXT[lang][int(number)] if kind == "end bonus" else ""
    return template.format(n=number, text=text)


def _lang(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def space_name(index: int, lang: str) -> str:
    lang = _lang(lang)
    space = SPACES[index]
    if space.engineer:
        if lang == "ja":
            return f"技術者{space.engineer}番（{ENGINEER_TEXT['ja'][space.engineer]}）"
        return f"engineer {space.engineer} ({ENGINEER_TEXT['en'][space.engineer]})"
    return SPACE_NAME[space.key][lang]


def _payment(rubles: int, black: int, temp: int, lang: str) -> str:
    if lang == "ja":
        parts = [f"{rubles}ルーブル"] if rubles else []
        parts += ["黒ワーカー"] if black else []
        parts += [f"臨時{temp}"] if temp else []
        return f"（支払い：{'・'.join(parts)}）" if parts else ""
    parts = [f"{rubles} ruble{'s' if rubles > 1 else ''}"] if rubles else []
    parts += ["black worker"] if black else []
    parts += [f"{temp} temp"] if temp else []
    return f" paying {' + '.join(parts)}" if parts else ""


def action_text(key: Key, lang: str = "en") -> str:
    lang = _lang(lang)
    ja = lang == "ja"
    kind = key[0]
    if kind == "place":
        name = space_name(key[1], lang)
        pay = _payment(key[2], key[3], key[4], lang)
        return f"{name}に配置{pay}" if ja else f"place {name}{pay}"
    if kind == "step":
        line, colour = LINE_NAME[lang][key[1]], COLOUR_NAME[lang][key[2]]
        return f"{line}の{colour}を進める" if ja else f"advance {colour} on {line}"
    simple = {
        "pass": ("pass", "パス"),
        "stop": ("stop here (forfeit the rest)", "ここでやめる（残りは放棄）"),
        "take_loco": ("take a loco", "機関車を取る"),
        "take_factory": ("take a factory from the supply", "サプライから工場を取る"),
        "loco_factory": ("turn the loco into a factory", "機関車を工場にする"),
        "look": ("look at the end bonus deck", "エンドボーナスの山札を見る"),
        "blind": ("take 10 VP without looking", "見ずに10勝利点を得る"),
        "reuse_skip": ("leave the turn-order worker", "手番順のワーカーを動かさない"),
    }
    if kind in simple:
        return simple[kind][1 if ja else 0]
    arg = key[1]
    if kind == "industry":
        return f"工業マーカー{arg + 1}を進める" if ja else f"advance industry marker {arg + 1}"
    if kind == "take_stock":
        return f"工場ストックから工場{arg}を取る" if ja else f"take factory {arg} from the stock"
    if kind == "loco":
        slot = SLOT_NAME[lang][arg]
        return f"機関車を{slot}に置く" if ja else f"put the loco on {slot}"
    if kind == "replace_factory":
        return f"工場スペース{arg + 1}を置き換える" if ja else f"replace factory space {arg + 1}"
    if kind == "advantage":
        text = TOKEN_TEXT[lang][arg]
        return f"アドバンテージトークン{arg}（{text}）" if ja else f"advantage token {arg} ({text})"
    if kind == "advantage_card":
        text = CARD_TEXT[lang][arg]
        return f"アドバンテージカード{arg}（{text}）" if ja else f"advantage card {arg} ({text})"
    if kind == "again":
        text = AGAIN_TEXT[lang][arg]
        return f"もう一度：{text}" if ja else f"once more: {text}"
    if kind == "keep":
        text = END_BONUS_TEXT[lang][arg]
        return f"エンドボーナス{arg}を取る（{text}）" if ja else f"keep end bonus {arg} ({text})"
    if kind == "repeat":
        name = space_name(arg, lang)
        return f"{name}を再実行" if ja else f"repeat {name}"
    if kind == "reuse":
        name = space_name(arg, lang)
        return f"手番順のワーカーを{name}へ" if ja else f"move the turn-order worker to {name}"
    if kind == "start_bonus":
        text = START_TEXT[lang][arg]
        return f"スタートボーナス{arg}（{text}）" if ja else f"start bonus {arg} ({text})"
    return " ".join(map(str, key))


# ---- narration ---------------------------------------------------------------------------


def describe(event: Event, viewer: int | None, lang: str = "en") -> str:
    lang = _lang(lang)
    ja = lang == "ja"
    d = event.for_viewer(viewer)
    kind = d["kind"]
    who = f"P{d['player'] + 1}" if "player" in d else ""
    if kind == "place":
        return (
            f"{who}：{space_name(d['space'], lang)}"
            if ja
            else f"{who} takes {space_name(d['space'], lang)}"
        )
    if kind == "step":
        line, colour = LINE_NAME[lang][d["line"]], COLOUR_NAME[lang][d["colour"]]
        if ja:
            return f"{who}：{line}の{colour}が{d['square']}マス目へ"
        return f"{who}: {colour} on {line} to square {d['square']}"
    if kind == "industry":
        return (
            f"{who}：工業マーカー{d['marker'] + 1}が{d['square']}へ"
            if ja
            else f"{who}: industry marker {d['marker'] + 1} to square {d['square']}"
        )
    if kind == "vp":
        why = vp_reason(d["why"], lang)
        return f"{who}：{why}で{d['vp']}勝利点" if ja else f"{who} scores {d['vp']} VP {why}"
    if kind == "score":
        parts = d["parts"]
        names = [*LINE_NAME[lang], "工業" if ja else "industry"]
        listed = ("、" if ja else ", ").join(
            f"{name} {vp}" for name, vp in zip(names, parts, strict=True) if vp
        )
        if ja:
            return f"{who}の第{d['round']}ラウンドの内訳：{listed or 'なし'}"
        return f"{who}'s round {d['round']} scoring: {listed or 'nothing'}"
    if kind == "end_bonus":
        card = d.get("card")
        if card is None:
            return (
                f"{who}：エンドボーナスカードを取った" if ja else f"{who} keeps an end bonus card"
            )
        return (
            f"{who}：エンドボーナス{card}を取った"
            if ja
            else f"{who} keeps end bonus {card} ({END_BONUS_TEXT['en'][card]})"
        )
    if kind == "order":
        order = ", ".join(f"P{s + 1}" for s in d["order"])
        return f"新しい手番順：{order}" if ja else f"new turn order: {order}"
    if kind == "round":
        return f"第{d['round']}ラウンド開始" if ja else f"round {d['round']} begins"
    if kind == "game_over":
        scores = [f"P{p + 1} {vp}" for p, vp in enumerate(d["vp"])]
        if ja:
            return "ゲーム終了：" + "、".join(f"{s}点" for s in scores)
        return "game over: " + ", ".join(f"{s} VP" for s in scores)
    detail = _detail(kind, d, lang)
    label = EVENT_LABEL.get(kind, {}).get(lang, kind)
    if ja:
        return f"{who}：{label}{f'（{detail}）' if detail else ''}"
    return f"{who} {label}{f' ({detail})' if detail else ''}"


FRAME_TEXT = {
    "en": (
        "start bonus",
        "marker steps",
        "loco or factory",
        "loco",
        "loco",
        "factory space",
        "advantage token",
        "advantage card",
        "once more",
        "end bonus",
        "repeat",
        "reuse",
        "round end",
    ),
    "ja": (
        "スタートボーナス",
        "線路コマの移動",
        "機関車か工場",
        "機関車",
        "機関車",
        "工場スペース",
        "アドバンテージトークン",
        "アドバンテージカード",
        "もう一度",
        "エンドボーナス",
        "再実行",
        "再利用",
        "ラウンド終了",
    ),
}
REWARD_TEXT = {
    "en": (
        "unlocks {colour}",
        "completes the line",
        "a new worker",
        "an advantage token",
        "the line scores double",
        "a Kiev star",
    ),
    "ja": (
        "{colour}を解放",
        "鉄道を完成",
        "ワーカー1個追加",
        "アドバンテージトークン",
        "鉄道の得点が2倍",
        "キエフの星",
    ),
}


def _special_text(key: str, lang: str) -> str:
    special = SPECIAL_BY_KEY[key]
    reward = REWARD_TEXT[lang][special.reward]
    if special.reward == R_UNLOCK:  # the value is the colour unlocked (else VP)
        reward = reward.format(colour=COLOUR_NAME[lang][special.value])
    line = LINE_NAME[lang][special.line]
    if lang == "ja":
        return f"{line}の{special.square}マス目：{reward}"
    return f"{line} square {special.square}: {reward}"


def _detail(kind: str, d: dict[str, Any], lang: str) -> str:
    """The particulars of an event that `EVENT_LABEL` names, in words."""
    ja = lang == "ja"
    if kind in ("rubles",):
        return f"{d['rubles']}ルーブル" if ja else f"{d['rubles']}"
    if kind == "temp_workers":
        return f"{d['workers']}個" if ja else f"{d['workers']}"
    if kind in ("engineer", "hire"):
        number = d["engineer"]
        return (
            f"{number}番：{ENGINEER_TEXT[lang][number]}"
            if ja
            else (f"#{number}: {ENGINEER_TEXT[lang][number]}")
        )
    if kind == "claim":
        return f"{d['position']}番" if ja else f"position {d['position']}"
    if kind == "doublers":
        lost = f"、{d['lost']}個は置けず" if ja else f", {d['lost']} lost"
        placed = f"{d['placed']}個" if ja else f"{d['placed']} placed"
        return placed + (lost if d["lost"] else "")
    if kind in ("factory_used", "factory_lost", "loco_to_factory", "take_loco"):
        number = d.get("factory", d.get("tile"))
        return f"{number}番" if ja else f"#{number}"
    if kind == "factory":
        return (
            f"{d['factory']}番、スペース{d['space'] + 1}"
            if ja
            else (f"#{d['factory']} on factory space {d['space'] + 1}")
        )
    if kind == "loco":
        slot = SLOT_NAME[lang][d["slot"]]
        return f"{d['tile']}番を{slot}へ" if ja else f"#{d['tile']} on {slot}"
    if kind == "special":
        return _special_text(d["special"], lang)
    if kind == "advantage_token":
        return TOKEN_TEXT[lang][d["token"]]
    if kind == "advantage_card":
        return CARD_TEXT[lang][d["card"]]
    if kind == "start_bonus":
        return START_TEXT[lang][d["card"]]
    if kind in ("repeat", "reuse"):
        return space_name(d["space"], lang)
    if kind == "lost":
        return FRAME_TEXT[lang][d["frame"]]
    return ""


EVENT_LABEL = {
    "pass": {"en": "passes", "ja": "パス"},
    "rubles": {"en": "gains rubles", "ja": "ルーブル獲得"},
    "temp_workers": {"en": "takes the temporary workers", "ja": "臨時ワーカー獲得"},
    "doublers": {"en": "places x2 tokens", "ja": "×2トークンを置く"},
    "hire": {"en": "hires an engineer", "ja": "技術者を雇用"},
    "claim": {"en": "claims turn-order position", "ja": "手番順を確保"},
    "special": {"en": "reaches a special square", "ja": "ボーナス達成"},
    "take_loco": {"en": "takes a loco", "ja": "機関車を取る"},
    "loco": {"en": "places a loco", "ja": "機関車を置く"},
    "loco_to_factory": {"en": "turns a loco into a factory", "ja": "機関車を工場に"},
    "factory": {"en": "builds a factory", "ja": "工場を建設"},
    "factory_used": {"en": "uses a factory", "ja": "工場の能力を使用"},
    "factory_lost": {"en": "cannot use a factory", "ja": "工場の能力は失われた"},
    "advantage_token": {"en": "takes an advantage token", "ja": "アドバンテージトークン獲得"},
    "advantage_card": {"en": "takes an advantage card", "ja": "アドバンテージカード獲得"},
    "look": {"en": "looks at the end bonus deck", "ja": "エンドボーナスの山札を見る"},
    "repeat": {"en": "repeats", "ja": "再実行"},
    "reuse": {"en": "reuses the turn-order worker", "ja": "手番順のワーカーを再利用"},
    "reuse_skip": {"en": "leaves the turn-order worker", "ja": "ワーカーを再利用しない"},
    "start_bonus": {"en": "takes a start bonus", "ja": "スタートボーナス"},
    "second_marker": {"en": "places a second industry marker", "ja": "2個目の工業マーカー"},
    "revaluation": {"en": "places the revaluation token", "ja": "再評価トークン"},
    "medal": {"en": "places the Kiev medal", "ja": "キエフ勲章"},
    "engineer": {"en": "gains an engineer", "ja": "技術者獲得"},
    "black_worker": {"en": "takes the black worker", "ja": "黒のワーカー獲得"},
    "stop": {"en": "stops", "ja": "中断"},
    "lost": {"en": "cannot continue (the rest is lost)", "ja": "実行できず失われた"},
}


# ---- the board -----------------------------------------------------------------------------

SHORT_LINE = {"en": ("TSR ", "StP ", "Kiev"), "ja": ("シベ", "サン", "キエ")}
STYLE = (
    "white on grey11",
    "black on grey70",
    "white on dark_orange3",
    "black on wheat1",
    "black on bright_white",
)
PLAYER_STYLE = ("bold red", "bold blue", "bold green", "bold yellow")


INITIAL = {"en": "KGBVW", "ja": "黒灰茶バ白"}
"""Marker initials: blacK, Grey, Brown, Vanilla, White (ja: 黒, 灰色, 茶色, バニラ色, 白)."""
DOUBLED = {"en": "x", "ja": "×"}


def _line_cells(b: list[int], line: int, lang: str) -> str:
    """Each square: number, the marker standing there (capital; ja: its colour's initial) or
    the colour it counts as (small; ja: a dot in that colour), `x` under a x2 token, `*`
    within loco reach; coloured as it scores."""
    cells = []
    limit = reach(b, line)
    doubled = DOUBLER_SQUARES[: b[X2]] if line == 0 else ()
    markers = {b[POS + line * 5 + c]: c for c in range(LINE_COLOURS[line])}
    for square in range(1, LINE_LENGTH[line] + 1):
        colour = -1
        for c in range(LINE_COLOURS[line] - 1, -1, -1):
            if b[POS + line * 5 + c] >= square:
                colour = c
                break
        if square in markers:
            letter = INITIAL[lang][markers[square]]
        elif lang == "ja":
            letter = "・" if colour >= 0 else "."
        else:
            letter = INITIAL[lang][colour].lower() if colour >= 0 else "."
        mark = DOUBLED[lang] if square in doubled else ("*" if square <= limit else " ")
        glyph = f"{square}{letter}{mark}"
        cells.append(f"[{STYLE[colour]}]{glyph}[/]" if colour >= 0 else f"[dim]{glyph}[/]")
    return " ".join(cells)


def render(st: RRState, viewer: int | None, lang: str = "en") -> str:
    lang = _lang(lang)
    ja = lang == "ja"
    out = []
    title = "ロシアンレールロード" if ja else "Russian Railroads"
    out.append(
        f"[bold]{title}[/]  {'ラウンド' if ja else 'round'} {st.round}/{st.rounds}  "
        + ("手番順 " if ja else "order ")
        + " ".join(f"[{PLAYER_STYLE[s]}]P{s + 1}[/]" for s in st.order)
    )
    row = []
    for space in active_spaces(st):
        taken = st.occ[space.index]
        if space.multi:
            users = [seat for s, seat, *_ in st.placements if s == space.index]
            tag = "".join(f"[{PLAYER_STYLE[s]}]{s + 1}[/]" for s in users) or "."
        else:
            tag = f"[{PLAYER_STYLE[taken]}]P{taken + 1}[/]" if taken >= 0 else "."
        name = SPACE_NAME[space.key][lang]
        if space.strip_position >= 0:
            tile = st.strip[space.strip_position]
            name += f" #{tile}" if tile else " -"
        row.append(f"{name}: {tag}")
    for i in range(0, len(row), 3):
        out.append(" " + "  ".join(row[i : i + 3]))
    strip = STRIPS[st.n]
    tiles = []
    for position, engineer in enumerate(st.strip):
        kind = "H" if position == strip.hire else ("P" if position in strip.public else "v")
        tiles.append(f"{kind}{engineer or '-'}")
    piles = " ".join(f"{n}:{st.piles[n]}" for n in range(2, 10) if st.piles[n])
    stock = " ".join(f"{n}x{st.fstock[n]}" for n in range(1, 10) if st.fstock[n])
    out.append(
        ("技術者 " if ja else "engineers ")
        + " ".join(tiles)
        + ("  機関車 " if ja else "  locos ")
        + (piles or "-")
        + ("  工場ストック " if ja else "  factory stock ")
        + (stock or "-")
    )
    out.append(
        (
            f"×2残り {st.x2_stock}  山札 {len(st.deck)}"
            if ja
            else f"x2 left {st.x2_stock}  end bonus deck {len(st.deck)}"
        )
        + ("  アドバンテージカード " if ja else "  advantage cards ")
        + (" ".join(str(k) for k in range(1, 6) if st.adv_cards >> k & 1) or "-")
    )
    for seat, b in enumerate(st.boards):
        out.extend(_player(st, seat, b, viewer, lang))
    if st.phase == PHASE_OVER:
        out.append("[bold]" + ("ゲーム終了" if ja else "game over") + "[/]")
    else:
        out.append(("手番：" if ja else "to move: ") + f"P{to_move(st) + 1}")
    return "\n".join(out)


def _player(st: RRState, seat: int, b: list[int], viewer: int | None, lang: str) -> list[str]:
    ja = lang == "ja"
    passed = (" パス済" if ja else " passed") if b[PASSED] else ""
    engineers = [e for e in range(1, 16) if b[ENGS] >> e & 1]
    used = [e for e in engineers if b[ENG_USED] >> e & 1]
    hand = st.hands[seat]
    cards = (
        " ".join(str(c) for c, _ in hand)
        if viewer == seat or st.phase == PHASE_OVER
        else str(len(hand))
    )
    head = (
        f"[{PLAYER_STYLE[seat]}]P{seat + 1}[/] {b[VP]}{'点' if ja else 'VP'}  "
        + (
            f"ワーカー{b[HAND]}(+{b[STOCKW]}) 臨時{b[TEMP]} 黒{b[BLACKW]} {b[RUBLES]}ルーブル"
            if ja
            else f"workers {b[HAND]}(+{b[STOCKW]}) temp {b[TEMP]} black {b[BLACKW]} "
            f"rubles {b[RUBLES]}"
        )
        + f"  {DOUBLED[lang]}2 {b[X2]}  "
        + ("技術者 " if ja else "eng ")
        + (",".join(f"{e}{'*' if e in used else ''}" for e in engineers) or "-")
        + ("  エンドボーナス " if ja else "  end bonus ")
        + cards
        + passed
    )
    lines = [head]
    for line in range(3):
        locos = [
            b[LOCO + k]
            for k in range(4)
            if (k < 2) == (line == 0) and (line == 0 or k == line + 1) and b[LOCO + k]
        ]
        name = SHORT_LINE[lang][line]
        lines.append(
            f"  {name} {_line_cells(b, line, lang)} "
            + ("機関車" if ja else "loco ")
            + ("+".join(map(str, locos)) or "-")
            + f" ({reach(b, line)})"
        )
    track = []
    raw = st.variant.industry_raw
    for square, value in enumerate(raw):
        markers = "●" if b[IND] == square else ("○" if b[IND2] == square else "")
        if value == -1:
            space = sum(1 for v in raw[:square] if v == -1)
            tile = b[FACT + space]
            cell = f"[{'bold' if tile else 'dim'}]F{tile or '_'}[/]"
        else:
            cell = "?" if value == -2 else str(value)
        track.append(cell + markers)
    tokens = [k for k in range(1, 8) if b[TOKENS] >> (k - 1) & 1]
    parts = round_score(b, st.variant)
    lines.append(
        ("  工業 " if ja else "  industry ")
        + " ".join(track)
        + ("  トークン " if ja else "  tokens ")
        + (",".join(map(str, tokens)) or "-")
        + ("  得点予定 " if ja else "  scoring now ")
        + str(sum(parts))
    )
    _ = (ENGINEER_COST, MAIN_SPACES, TURN_ORDER_VP, COLOURS, engineer_space)
    return lines


PROMPTS = {
    F_START: ("Choose a start bonus card", "スタートボーナスカードを選ぶ"),
    F_STEPS: (
        "Carry out the action's steps: choose a marker to move, or stop",
        "アクションの前進を行う：進めるマーカーを選ぶか、やめる",
    ),
    F_TILE: ("Take a loco or a factory", "機関車か工場を取る"),
    F_LOCO: (
        "Put the loco on a line, or turn it into a factory",
        "機関車を路線に置くか、工場にする",
    ),
    F_FREPLACE: ("Choose one of your factories to replace", "置き換える工場を選ぶ"),
    F_ADV_TOKEN: ("Choose an advantage token", "アドバンテージトークンを選ぶ"),
    F_ADV_CARD: ("Choose an advantage card", "アドバンテージカードを選ぶ"),
    F_AGAIN: ("Choose one part of the card to do once more", "もう一度行うカードの部分を選ぶ"),
    F_REPEAT: (
        "Choose a space you used with one worker or ruble, to do it again",
        "ワーカー1人かルーブル1枚で使ったスペースを選び、もう一度行う",
    ),
    F_REUSE: (
        "Move your turn-order worker to another space, or leave it",
        "手番順のワーカーを別のスペースへ動かすか、そのままにする",
    ),
}
LOOK_OR_BLIND = (
    "End bonus: look at the deck and keep a card, or take 10 VP unseen",
    "エンドボーナス：山札を見て1枚残すか、見ずに10点を得る",
)
KEEP_ONE = ("Keep one end bonus card", "残すエンドボーナスカードを1枚選ぶ")
PLACE_OR_PASS = (
    "Place workers on an action space, or pass",
    "アクションスペースにワーカーを置くか、パスする",
)


def prompt(st: RRState, lang: str = "en") -> str:
    if st.phase == PHASE_OVER:
        return ""
    ja = lang == "ja"
    if not st.stack:
        return PLACE_OR_PASS[ja]
    frame = st.stack[-1]
    if frame[0] == F_EB:
        return (KEEP_ONE if frame[2] else LOOK_OR_BLIND)[ja]
    return PROMPTS[frame[0]][ja] if frame[0] in PROMPTS else ""
