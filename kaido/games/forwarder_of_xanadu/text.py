"""Action texts, narration and the terminal table, in English and Japanese.

Areas are named by their place in the layout (1L, port, 1R, 2L, 2R, 3L, 3C, 3R, 4L, 4R),
which never changes, so an action's text needs no state; the table shows which district
lies where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kaido.core.events import Event
from kaido.core.text import counted
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, TRACKS
from kaido.games.forwarder_of_xanadu.engine import REQUESTS, SKILLS, Key, card_types
from kaido.games.forwarder_of_xanadu.state import PHASE_NAMES, FXState
from kaido.games.forwarder_of_xanadu.views import view

COLOURS = {"en": ("Red", "Blue", "Green", "Yellow", "White"), "ja": ("赤", "青", "緑", "黄", "白")}
LABELS = ("1L", "port", "1R", "2L", "2R", "3L", "3C", "3R", "4L", "4R")
LABELS_JA = ("1左", "港", "1右", "2左", "2右", "3左", "3中", "3右", "4左", "4右")
GRADES = {"en": ("basic", "upper", "premium"), "ja": ("並", "上", "特上")}
TRACK_JA = ("倉庫拡張", "輸送強化", "品質向上", "ワーカー増加", "スキル")
DECKS = {"en": ("lower", "upper"), "ja": ("下級", "上級")}
PHASE_JA = ("会社選択", "ドラフト", "手番開始", "資源配置", "アクション", "専用依頼補充", "成長",
            "補充", "スタート指名", "終了", "デイリー支払い")  # fmt: skip
STYLE_NAMES = {"standard": ("standard", "スタンダード"), "custom": ("custom", "カスタム")}
CAT_EN = ("requests", "dailies", "mid settlement", "final areas", "final skill", "dispatched",
          "skills")  # fmt: skip
CAT_JA = (
    "依頼",
    "デイリー",
    "中間決算",
    "最終決算エリア",
    "最終決算スキル",
    "派遣ワーカー",
    "スキル",
)


def player_name(p: int, lang: str = "en") -> str:
    return COLOURS["ja" if lang == "ja" else "en"][p]


def area(a: int, lang: str) -> str:
    return (LABELS_JA if lang == "ja" else LABELS)[a]


def skill_name(k: int, lang: str) -> str:
    return SKILLS[k].ja if lang == "ja" else SKILLS[k].en


def company_name(c: int, lang: str) -> str:
    company = DATA.companies[c]
    return company.ja if lang == "ja" else company.en


def cubes(counts: Any, lang: str) -> str:
    names = GRADES["ja" if lang == "ja" else "en"]
    parts = [f"{names[g]}×{k}" for g, k in enumerate(counts) if k]
    return ("・" if lang == "ja" else " + ").join(parts) or ("なし" if lang == "ja" else "none")


def request_text(card: int, lang: str) -> str:
    r = REQUESTS[card]
    kind = DATA.types[r.type]["ja" if lang == "ja" else "en"]
    return f"{kind} {cubes(r.cost, lang)} {r.vp}{'点' if lang == 'ja' else 'VP'}"


def slot_name(slot: int, lang: str) -> str:
    ja = lang == "ja"
    if slot < 3:
        return f"下級{slot + 1}" if ja else f"lower {slot + 1}"
    if slot < 6:
        return f"上級{slot - 2}" if ja else f"upper {slot - 2}"
    if slot == 6:
        return "専用依頼" if ja else "exclusive"
    return f"調査{slot - 6}" if ja else f"survey {slot - 6}"


def action_text(key: Key, lang: str = "en") -> str:
    ja = lang == "ja"
    kind = str(key[0])
    args = [int(a) for a in key[1:]]
    if kind == "fulfil":
        slot, a = args
        return f"依頼達成 {slot_name(slot, lang)} @{area(a, lang)}" if ja else (
            f"fulfil {slot_name(slot, lang)} at {area(a, lang)}")  # fmt: skip
    if kind == "move":
        src, dst, *load = args
        what = cubes(load, lang)
        return f"輸送 {area(src, lang)}→{area(dst, lang)} {what}" if ja else (
            f"transport {what} {area(src, lang)}->{area(dst, lang)}")  # fmt: skip
    if kind == "improve":
        a, g = args
        names = GRADES[lang if ja else "en"]
        return f"改良 {area(a, lang)} {names[g]}→{names[g + 1]}" if ja else (
            f"improve {names[g]} at {area(a, lang)}")  # fmt: skip
    if kind == "pay":
        return pay_text(args, lang)
    simple = _simple(kind, args, lang)
    return simple


def pay_text(office: Sequence[int], lang: str) -> str:
    """A daily's payment split (R-8): the office's cubes, the rest from the port."""
    if not any(office):
        return "デイリーを港から支払う" if lang == "ja" else "pay the daily from the port"
    what = cubes(office, lang)
    return f"デイリー支払い：営業所から{what}、残りは港から" if lang == "ja" else (
        f"pay the daily with {what} from the office, the rest from the port")  # fmt: skip


def _simple(kind: str, args: list[int], lang: str) -> str:
    ja = lang == "ja"
    arg = args[0] if args else 0
    if kind in NAMED:
        name = NAMED[kind](arg, lang)
        return SIMPLE[kind][1 if ja else 0].format(name=name)
    return SIMPLE[kind][1 if ja else 0].format(n=arg, n1=arg + 1)


def _deck(d: int, lang: str) -> str:
    return DECKS["ja" if lang == "ja" else "en"][d]


def _track(t: int, lang: str) -> str:
    return (TRACK_JA if lang == "ja" else TRACKS)[t]


NAMED = {
    "company": company_name,
    "draft": skill_name,
    "use": skill_name,
    "play": skill_name,
    "survey": _deck,
    "exclusive": _deck,
    "put": area,
    "office": area,
    "unlock": _track,
    "start": player_name,
}
SIMPLE = {
    "company": ("choose {name}", "会社選択 {name}"),
    "draft": ("keep {name}", "ドラフト {name}"),
    "dispatch": ("dispatch to card {n1}", "派遣 カード{n1}"),
    "place": ("worker to card {n1}", "ワーカー配置 カード{n1}"),
    "survey": ("survey the {name} deck", "再調査 {name}山"),
    "use": ("use {name}", "使い捨て {name}"),
    "put": ("put basic at {name}", "並資源を配置 {name}"),
    "daily": ("daily {n1}", "デイリー{n1}"),
    "end": ("end turn", "手番終了"),
    "exclusive": ("exclusive from the {name} deck", "専用依頼を{name}山から"),
    "unlock": ("unlock {name}", "解放 {name}"),
    "play": ("play {name}", "スキル {name}"),
    "office": ("office at {name}", "営業所 {name}"),
    "swap": ("swap exclusive for an upper card", "専用依頼を上級に交換"),
    "done": ("growth done", "成長終了"),
    "refill": ("{n} to the office", "営業所へ{n}個"),
    "start": ("{name} starts", "スタート {name}"),
}


TEMPLATES = {
    "company": ("{who} runs {company}", "{who}は{company}"),
    "skills_dealt": ("skill cards dealt ({style})", "スキルカード配布 ({style})"),
    "draft": ("{who} keeps a card", "{who}が1枚選んだ"),
    "draft_pass": ("hands pass to the left", "手札を左へ"),
    "round": ("round {round}, {starter} starts", "ラウンド{round} スタート: {starter}"),
    "dispatch": ("{who} dispatches to card {card1}", "{who}: 派遣 カード{card1}"),
    "reset": ("card {card1} resets", "カード{card1}リセット"),
    "place": ("{who}: card {card1} space {space1} (+{basic} basic; actions: {actions})",
              "{who}: カード{card1} マス{space1} (並+{basic}, アクション{actions})"),
    "put": ("{who} puts {count} basic at {where}", "{who}: 並{count}個を{where}へ"),
    "survey": ("{who} surveys: {card_text}", "{who}: 再調査 {card_text}"),
    "use": ("{who} uses {skill_text}", "{who}: 使い捨て {skill_text}"),
    "fulfil": ("{who} fulfils {card_text} at {where} (+{vp} VP)",
               "{who}: {where}で依頼達成 {card_text} (+{vp})"),
    "daily": ("{who} fulfils a daily, paying {paid_text} (+{vp} VP)",
              "{who}: デイリー達成 {paid_text}で支払い (+{vp})"),
    "move": ("{who} moves {load_text} {src_name}->{dst_name}",
             "{who}: 輸送 {load_text} {src_name}→{dst_name}"),
    "improve": ("{who} improves at {where}", "{who}: {where}で改良"),
    "end_turn": ("{who} ends the turn", "{who}: 手番終了"),
    "market": ("market refilled", "マーケット補充"),
    "exclusive": ("{who} draws an exclusive request", "{who}: 専用依頼補充"),
    "round_end": ("round {round} ends", "ラウンド{round}終了"),
    "unlock": ("{who} unlocks {track_name} cell {cell}", "{who}: {track_name} {cell}マス目を解放"),
    "play": ("{who} plays {skill_text}", "{who}: スキル {skill_text}"),
    "office": ("{who} opens an office at {where}", "{who}: {where}に営業所"),
    "swap": ("{who} swaps the exclusive request", "{who}: 専用依頼を交換"),
    "refill": ("{who} gets {port} basic at the port, {office} at the office",
               "{who}: 港に並{port}個、営業所に{office}個"),
    "start_player": ("{starter} will start", "次のスタートプレイヤー: {starter}"),
    "settlement": ("{which} settlement: {scores}", "{which}: {scores}"),
    "game_over": ("game over: {scores}", "ゲーム終了: {scores}"),
}  # fmt: skip


def _fields(event: Event, viewer: int | None, lang: str) -> dict[str, Any]:
    d = dict(event.data)
    ja = lang == "ja"
    out: dict[str, Any] = dict(d)
    if "player" in d:
        out["who"] = player_name(int(d["player"]), lang)
    if "company" in d:
        out["company"] = company_name(int(d["company"]), lang)
    for name in ("card", "space"):
        if name in d:
            out[name + "1"] = int(d[name]) + 1
    if "area" in d:
        out["where"] = area(int(d["area"]), lang)
    if "src" in d:
        out["src_name"], out["dst_name"] = area(int(d["src"]), lang), area(int(d["dst"]), lang)
    if "load" in d:
        out["load_text"] = cubes(d["load"], lang)
    if event.kind == "daily":
        out["paid_text"] = _daily_paid(d["port"], d["office"], lang)
    if event.kind in ("fulfil", "survey"):
        card = int(d["card"])
        out["card_text"] = request_text(card, lang) if card >= 0 else "-"
    if "skill" in d:
        out["skill_text"] = skill_name(int(d["skill"]), lang)
    if "track" in d:
        out["track_name"] = (TRACK_JA if ja else TRACKS)[int(d["track"])]
    if "start" in d:
        out["starter"] = player_name(int(d["start"]), lang)
    if event.kind == "start_player":
        out["starter"] = player_name(int(d["player"]), lang)
    if "vp" in d and isinstance(d["vp"], list):
        out["scores"] = ", ".join(f"{player_name(p, lang)} {v}" for p, v in enumerate(d["vp"]))
    if "style" in d:
        out["style"] = STYLE_NAMES[str(d["style"])][1 if ja else 0]
    if event.kind == "settlement":
        out["which"] = ("最終決算" if d["final"] else "中間決算") if ja else (
            "final" if d["final"] else "mid")  # fmt: skip
    return out


def _daily_paid(port: Sequence[int], office: Sequence[int], lang: str) -> str:
    parts = [(place, what) for place, what in (("port", port), ("office", office)) if any(what)]
    if lang == "ja":
        places = {"port": "港", "office": "営業所"}
        return "と".join(f"{places[place]}の{cubes(what, lang)}" for place, what in parts)
    return " and ".join(f"{cubes(what, lang)} from the {place}" for place, what in parts)


def describe(event: Event, viewer: int | None, lang: str = "en") -> str:
    template = TEMPLATES.get(event.kind)
    if template is None:
        return event.kind
    return template[1 if lang == "ja" else 0].format(**_fields(event, viewer, lang))


def district_name(s: FXState, a: int, lang: str) -> str:
    d = s.board[a]
    board = DATA.port_board if d < 0 else DATA.districts[d]
    return board.ja if lang == "ja" else board.en


def render(s: FXState, viewer: int | None, lang: str = "en") -> str:
    """The layout with gauges and warehouses, the action board, companies and requests."""
    ja = lang == "ja"
    v = view(s, viewer)
    turn = player_name(s.turn_player, lang)
    lines = [
        f"ラウンド{s.round}/6  手番 {turn}  段階 {PHASE_JA[s.phase]}" if ja
        else f"Round {s.round}/6  turn {turn}  phase {v['phase']}",
        "エリア:" if ja else "Areas:",
    ]  # fmt: skip
    lines += [_area_line(s, v, a, lang) for a in range(AREAS)]
    lines.append("アクションボード:" if ja else "Action board:")
    for c, t in enumerate(card_types(s)):
        name = DATA.action_types[t]["ja" if ja else "en"]
        taken = " ".join(
            player_name(code >> 1, lang) + ("*" if code & 1 else "") for code in s.spaces[c]
        )
        lines.append(f"  {c + 1}. {name}: {taken or '-'}")
    market = ", ".join(
        f"{slot_name(i, lang)}: {request_text(c, lang)}" for i, c in enumerate(s.market) if c >= 0
    )
    lines.append(("マーケット: " if ja else "Market: ") + market)
    for p in range(s.n):
        lines += _seat_lines(s, v, p, lang)
    if s.temp:
        lines.append(("調査: " if ja else "Survey: ") + ", ".join(
            request_text(c, lang) for c in s.temp if c >= 0))  # fmt: skip
    if v["over"]:
        names = CAT_JA if ja else CAT_EN
        for p in range(s.n):
            parts = ", ".join(f"{names[i]} {s.cats[p * 7 + i]}" for i in range(7))
            lines.append(f"{player_name(p, lang)}: {parts}")
    return "\n".join(lines)


def _area_line(s: FXState, v: dict[str, Any], a: int, lang: str) -> str:
    """One area: its place, district, icons, class, share gauge and warehouses."""
    ja = lang == "ja"
    d = s.board[a]
    board = DATA.port_board if d < 0 else DATA.districts[d]
    kinds = "/".join(DATA.types[t]["ja" if ja else "en"] for t in board.icons) or "-"
    gauge = "".join(player_name(q, lang)[0] for q in s.gauge[a]).ljust(board.gauge, ".")
    stores = " ".join(
        f"{player_name(p, lang)[0]}:{cubes(v['seats'][p]['warehouses'][a], lang)}"
        for p in range(s.n)
        if sum(v["seats"][p]["warehouses"][a])
    )
    cls = DATA.classes[a]
    mark = "①②③"[cls - 1] if cls else "◆"
    offices = "".join("⌂" + player_name(p, lang)[0] for p in range(s.n) if s.office[p] == a)
    return (f"  {area(a, lang):>4} {district_name(s, a, lang)} ({kinds}) {mark} "
            f"|{gauge}| {stores} {offices}").rstrip()  # fmt: skip


def _seat_lines(s: FXState, v: dict[str, Any], p: int, lang: str) -> list[str]:
    """A company board: VP, workers, growth cells, exclusive request and skills."""
    ja = lang == "ja"
    seat = v["seats"][p]
    company = company_name(s.company[p], lang) if s.company[p] >= 0 else "-"
    cells = " ".join(f"{_track(t, lang)[:4]}{s.cells[p * 5 + t]}" for t in range(5))
    excl = request_text(s.exclusive[p], lang) if s.exclusive[p] >= 0 else "-"
    lines = [
        f"{player_name(p, lang)} {company} {s.vp[p]}{'点' if ja else 'VP'}  "
        f"{'ワーカー' if ja else 'workers'} {s.workers[p]}  "
        f"{'派遣' if ja else 'dispatched'} {s.disp_avail[p]}  {cells}  "
        f"{'専用' if ja else 'exclusive'}: {excl}"
    ]
    if seat["hand"] is not None:
        hand = ", ".join(skill_name(k, lang) for k in seat["hand"]) or "-"
        lines.append(("  手札: " if ja else "  hand: ") + hand)
    if seat["draft_hand"]:
        picks = ", ".join(skill_name(k, lang) for k in seat["draft_hand"])
        lines.append(("  ドラフト: " if ja else "  draft: ") + picks)
    if s.played[p]:
        lines.append("  " + ", ".join(skill_name(k, lang) for k in s.played[p]))
    return lines


def summary(s: FXState, log: Sequence[Event], lang: str = "en") -> dict[str, Any]:
    """The end-of-game breakdown by VP category (the last row the total); charts of each
    player's VP at the settlements, requests and dailies fulfilled, and the action cards
    their workers took."""
    ja = lang == "ja"
    names = CAT_JA if ja else CAT_EN
    breakdown = [
        {"label": names[i], "values": [s.cats[p * 7 + i] for p in range(s.n)]} for i in range(7)
    ]
    breakdown.append({"label": "合計" if ja else "total", "values": s.vp[:]})
    marks = [e.data["vp"] for e in log if e.kind == "settlement"]
    labels = ["中間決算", "最終決算"] if ja else ["mid settlement", "final settlement"]
    settlements = {
        "title": "決算時の得点" if ja else "VP at the settlements",
        "kind": "lines",
        "labels": labels[: len(marks)],
        "series": [
            {"name": player_name(p, lang), "values": [m[p] for m in marks], "player": p}
            for p in range(s.n)
        ],
    }
    charts = [settlements] if marks else []
    return {"breakdown": breakdown, "charts": [*charts, *_counts(s, log, lang)]}


def _counts(s: FXState, log: Sequence[Event], lang: str) -> list[dict[str, Any]]:
    """From the log: requests and dailies fulfilled, and workers placed by action type."""
    ja = lang == "ja"
    requests, dailies = [0] * s.n, [0] * s.n
    types = card_types(s)
    placed = [[0] * s.n for _ in DATA.action_types]
    for event in log:
        data = event.data
        if event.kind == "fulfil":
            requests[int(data["player"])] += 1
        elif event.kind == "daily":
            dailies[int(data["player"])] += 1
        elif event.kind == "place":
            placed[types[int(data["card"])]][int(data["player"])] += 1
    players = [player_name(p, lang) for p in range(s.n)]
    return [
        {
            "title": "達成した依頼" if ja else "Requests fulfilled",
            "kind": "bars",
            "labels": players,
            "series": [
                {"name": "依頼" if ja else "requests", "values": requests},
                {"name": "デイリー" if ja else "dailies", "values": dailies},
            ],
        },
        {
            "title": "ワーカーを置いたアクション" if ja else "Workers placed by action",
            "kind": "bars",
            "labels": players,
            "series": [
                {"name": kind["ja" if ja else "en"], "values": placed[k]}
                for k, kind in enumerate(DATA.action_types)
            ],
        },
    ]


PROMPTS = {
    "company": ("Choose a company", "会社を選ぶ"),
    "draft": (
        "Draft: keep one card of the hand in front of you; the rest passes to the left",
        "ドラフト：目の前の手札から1枚を残し、残りを左へ回す",
    ),
    "turn": (
        "Put a worker on an action card (dispatched workers, surveys and disposables first)",
        "アクションカードにワーカーを置く（派遣ワーカー・再調査・使い捨ては先に）",
    ),
    "place": (
        "Put {n} gained: Hotan port, the office, or one where you have cubes",
        "得た並資源{n}個を置く：ホータン港、営業所、資源のあるエリアに1個ずつ",
    ),
    "act": ("Do your actions ({n}), then end your turn", "アクション（{n}）を行い、手番を終える"),
    "act_done": ("No actions left: end your turn", "アクションは残っていない：手番を終える"),
    "exclusive": ("Choose the deck of your new exclusive request", "新しい専用依頼の山札を選ぶ"),
    "grow": (
        "Growth: unlock {n}; skills may be played and an office opened",
        "成長：{n}マスを解放する。スキルの配置・営業所の設置もできる",
    ),
    "grow_done": (
        "Growth: play skills or open an office, then finish the growth",
        "成長：スキルの配置や営業所の設置をして、成長を終える",
    ),
    "refill": (
        "Upkeep: of {n}, choose how many go to your office",
        "補充：並資源{n}個のうち営業所へ置く数を選ぶ",
    ),
    "pay": (
        "Pay daily {n}: choose how many of its cubes come from your office (the rest: the port)",
        "デイリー{n}の支払い：営業所から出す資源の数を選ぶ（残りは港から）",
    ),
    "pick": ("Name the next start player", "次のスタートプレイヤーを選ぶ"),
}
ACTIONS = (("request", "requests", "依頼"), ("transport", "transports", "輸送"),
           ("improvement", "improvements", "改良"))  # fmt: skip


def prompt(s: FXState, lang: str = "en") -> str:
    phase = PHASE_NAMES[s.phase]
    ja = lang == "ja"
    n = ""
    if phase == "act":
        left = [(k, words) for k, words in zip(s.pools, ACTIONS, strict=True) if k]
        n = ("・" if ja else ", ").join(
            f"{words[2]}{k}" if ja else counted(k, words[0], words[1]) for k, words in left
        )
        phase = phase if left else "act_done"
    elif phase == "grow":
        n = str(s.grow_left) if ja else counted(s.grow_left, "cell", "cells")
        phase = phase if s.grow_left else "grow_done"
    elif phase in ("place", "refill"):
        k = s.to_place if phase == "place" else s.refill_amount
        n = str(k) if ja else counted(k, "basic resource", "basic resources")
    elif phase == "pay":
        n = str(s.paying + 1)
    if phase not in PROMPTS:
        return ""
    return PROMPTS[phase][ja].format(n=n)
