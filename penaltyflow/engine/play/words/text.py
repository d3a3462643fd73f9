"""Every word the engine tells the learner: why a card may not be played, what is
pending, the standing notes (penalty cards and restrictions in force), and the notes
and refusals of each move (`table.py` decides what happened; this module words it).

Words for seats, suits and options come from `core/vocab.py`; legality from `play/legal.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import vocab
from ...core.cards import CARD_NAMES, is_honour, sorted_cards
from ...core.vocab import SEAT_NAMES, SUIT_SINGULAR, suit_words
from .. import legal

if TYPE_CHECKING:
    from ..state import TableState


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def _c(card: int) -> str:
    return CARD_NAMES[card]


def why_illegal(table: TableState, seat: int, card: int) -> tuple[str, str]:
    """For a card `seat` holds but may not play at his turn: (the rule it would break, as
    `legal.broken_rule` names it; the reason in words)."""
    rule = legal.broken_rule(table, seat, card)
    if rule == "revoke":
        reason = (
            f"{_name(seat)} must follow suit with a {SUIT_SINGULAR[table.led_suit]}: "
            f"playing {_c(card)} would be a revoke (Laws 44C, 61)."
        )
    elif rule == "restriction":
        reason = restriction_reason(table, seat)
    elif rule == "committed":
        reason = (
            f"{_name(seat)} must play {_c(table.committed[seat])}: he played it early, at his "
            "right-hand opponent's turn, and it is legal now (Law 57D)."
        )
    else:
        reason = penalty_reason(table, seat, legal.allowed_by_restrictions(table, seat))
    return rule, reason


def restriction_reason(table: TableState, seat: int) -> str:
    if not table.trick:
        lr = table.lead_req
        if lr is not None and lr[0] == seat:
            return f"{_name(seat)} must lead {suit_words(lr[1])} (Law {table.lead_req_law})."
        lf = table.lead_forbid
        assert lf is not None  # a restriction on this lead is why the card is refused
        return (
            f"{_name(seat)} may not lead {suit_words(lf[1])} while he keeps "
            f"the lead ({forbid_laws(table)})."
        )
    return play_restriction_text(table)


def forbid_laws(table: TableState) -> str:
    """The clause of the prohibition in force: Law 26B (from the auction) or 50D2 / 51B."""
    lf, ban = table.lead_forbid, table.ban_26b
    if ban is not None and lf is not None and ban[0] == lf[0]:
        return "Law 26B" if lf[1] == ban[1] else f"Laws 26B, {table.lead_forbid_law}"
    return f"Law {table.lead_forbid_law}"


def penalty_reason(table: TableState, seat: int, m: int) -> str:
    maj = table.pen_mask[seat] & table.major_mask & m
    if maj:
        cards = " or ".join(_c(c) for c in sorted_cards(maj))
        return (
            f"{_name(seat)} must play his major penalty card {cards} at this first legal "
            "opportunity (Law 50D1(a))."
        )
    minor = table.pen_mask[seat] & ~table.major_mask
    c = minor.bit_length() - 1
    return (
        f"{_name(seat)} has the minor penalty card {_c(c)}: he may not play another "
        f"{SUIT_SINGULAR[c // 13]} below honour rank until it is played (Law 50C)."
    )


def play_restriction_text(table: TableState) -> str:
    assert table.play_restr is not None
    seat, mode, bits = table.play_restr
    led = SUIT_SINGULAR[table.led_suit] if table.led_suit >= 0 else "the suit led"
    if mode == "highest":
        return f"{_name(seat)} must play his highest {led} (Law 57A(1))."
    if mode == "lowest":
        return f"{_name(seat)} must play his lowest {led} (Law 57A(2))."
    if mode == "required":
        return f"{_name(seat)} must play a card of {suit_words(bits)} (Law 57A(3))."
    return f"{_name(seat)} may not play a card of {suit_words(bits)} (Law 57A(4))."


def pending_text(table: TableState) -> str:
    """ "Declarer must first choose (Law 50D2): require a spade lead, forbid a spade lead, or
    no lead restriction (the penalty card stays)." In plain words, as the options list says."""
    p = table.decision
    labels = [vocab.option_label(o, *option_facts(table)) for o in p.options]
    labels = [label[:1].lower() + label[1:] for label in labels]
    opts = vocab.word_list(labels, ", or ")
    who = "Declarer" if p.decider == table.declarer else _name(p.decider)
    return f"{who} must first choose (Law {p.law}): {opts}."


def not_an_option(table: TableState, option: str, suit_t: str | None, card_t: str | None) -> str:
    what = option + (f" {suit_t}" if suit_t else "") + (f" {card_t}" if card_t else "")
    names = {o["decide"] for o in table.decision.options}
    if option in names and suit_t is None and card_t is None:
        return f"'{option}' needs a suit or card here. {pending_text(table)}"
    return f"'{what}' is not an option now. {pending_text(table)}"


def state_notes(table: TableState) -> list[str]:
    """Standing notes for the position: penalty cards and restrictions in force."""
    out = []
    seat = table.to_play
    for owner in range(4):
        for c in sorted_cards(table.pen_mask[owner]):
            if table.major_mask >> c & 1:
                if seat == owner and legal.legal_mask(table) == 1 << c:
                    out.append(f"{_name(owner)} must play {_c(c)} now (Law 50D1(a)).")
                elif seat == owner and table.designated[owner] not in (-1, c):
                    out.append(
                        f"Declarer designated {_c(table.designated[owner])}, so {_c(c)} stays "
                        "face up for a later opportunity (Law 51A)."
                    )
                elif seat == owner and table.trick:
                    out.append(
                        f"{_name(owner)} must follow suit or obey a restriction first; {_c(c)} "
                        "stays face up for his next legal opportunity (Law 50D1(b))."
                    )
                else:
                    out.append(
                        f"{_name(owner)} must play {_c(c)} at the first legal opportunity "
                        "(Law 50D1)."
                    )
            else:
                out.append(
                    f"{_name(owner)}'s {_c(c)} is a minor penalty card: he may not play "
                    f"another {SUIT_SINGULAR[c // 13]} below honour rank until it is played, "
                    "but may play an honour instead (Law 50C)."
                )
    for owner in range(4):
        c = table.committed[owner]
        if c >= 0:
            out.append(f"{_name(owner)} must play {_c(c)} at his turn (Law 57D).")
    if table.lead_req is not None:
        s, bits = table.lead_req
        out.append(
            f"{_name(s)} must lead {suit_words(bits)} if he can (Laws {table.lead_req_law}, 59)."
        )
    if table.lead_forbid is not None:
        s, bits = table.lead_forbid
        out.append(
            f"{_name(s)} may not lead {suit_words(bits)} while he keeps the lead "
            f"({forbid_laws(table)})."
        )
    if table.play_restr is not None:
        out.append(play_restriction_text(table))
    if table.pending is not None:
        out.append(pending_text(table))
    if table.finished:
        ns, ew = table.won
        out.append(f"Play is over: North-South won {ns} tricks, East-West {ew}.")
    return out


def option_facts(table: TableState) -> tuple[str, bool]:
    """What the words of an option of the decision pending at `table` turn on
    (`vocab.option_label(option, *option_facts(table))`): the decision's situation, and whether
    its offender has more than one penalty card."""
    p = table.pending
    several = p is not None and p.offender >= 0 and table.pen_mask[p.offender].bit_count() > 1
    return (p.situation if p is not None else "", several)


# --- What a move tells the learner (the notes and refusals of `table.py`) -------------
# One function a situation; `table.py` decides which applies, these only word it.

PLAY_IS_OVER = "Play is over: all 13 tricks have been played."


def _cards(cards: list[int], sep: str = " and ") -> str:
    return sep.join(_c(c) for c in cards)


def not_held(seat: int, card: int) -> str:
    return f"{_name(seat)} does not hold {_c(card)}."


def out_of_turn(table: TableState, seat: int) -> str:
    what = "lead" if not table.trick else "play"
    return (
        f"It is {_name(table.turn)}'s turn to {what}; a {what} by {_name(seat)} "
        "would be out of turn (Laws 53 to 57)."
    )


def wrong_card_played(seat: int, card: int, required: int, lead: bool) -> str:
    return (
        f"{_name(seat)} {'led' if lead else 'played'} {_c(card)} where Law 50 required the "
        f"penalty card {_c(required)}; the card played cannot be taken back (Law 52A)."
    )


def early_lead_not_replayed(table: TableState, seat: int, defender: bool) -> str:
    why = (
        "declarer has already played from both hands (Law 57C1)"
        if defender
        else "a premature lead by declarer is not among the cases PenaltyFlow replays"
    )
    return (
        f"{_name(seat)} has already played to trick {table.trick_no} and it is "
        f"{_name(table.turn)}'s turn; a lead to the next trick now cannot be "
        f"replayed ({why})."
    )


def declarer_played_early(table: TableState, seat: int, card: int) -> str:
    hand = "dummy" if seat == table.dummy else "his own hand"
    return (
        f"Declarer played {_c(card)} from {hand} before {_name(table.turn)} had "
        "played: a premature play by declarer is a played card (Law 57C3)."
    )


def played_after_declarer_both(seat: int, card: int) -> str:
    return (
        f"{_name(seat)} played {_c(card)} before his partner, but declarer had "
        "already played from both hands, so there is no rectification (Law 57C1)."
    )


def second_early_card(table: TableState, seat: int) -> str:
    return (
        f"{_name(seat)} has already played {_c(table.committed[seat])} early; "
        "a second early card cannot be replayed."
    )


def early_play_stays(seat: int, card: int) -> str:
    return (
        f"{_name(seat)} played {_c(card)} at his right-hand opponent's turn. It would "
        "be legal at his own turn, so it stays his only legal card until then (Law 57D)."
    )


def early_play_penalty(seat: int, card: int) -> str:
    return (
        f"{_name(seat)} played {_c(card)} at his right-hand opponent's turn. He could "
        f"not legally play it at his own turn, so it is a major penalty card (Law 57D)."
    )


def premature(seat: int, card: int, partner: int, lead: bool) -> str:
    what = "led to the next trick" if lead else "played"
    return (
        f"{_name(seat)} {what} {_c(card)} before his partner {_name(partner)} had played to this "
        f"trick: {_c(card)} is a major penalty card (Law 57A)."
    )


def declaring_side_opening_lead(seat: int) -> str:
    return (
        f"{_name(seat)} is on the declaring side and cannot make the opening lead: "
        "Law 54E sends this to Law 24, which the example hands do not replay."
    )


def opening_lead_out_of_turn(seat: int, card: int, proper: int) -> str:
    return (
        f"{_name(seat)} faced the opening lead {_c(card)} out of turn: it was "
        f"{_name(proper)}'s lead (Law 54)."
    )


DUMMY_SEEN_MUST_ACCEPT = "Declarer could have seen dummy's cards, so he must accept (Law 54C)."
LAST_TRICK_LEAD = (
    "At trick 13 a lead out of turn cannot be accepted: it must be retracted "
    "(Law 53A, footnote 17)."
)


def lead_out_of_turn(seat: int, card: int, proper: int, defender: bool) -> str:
    return (
        f"{_name(seat)} led {_c(card)} out of turn: it was {_name(proper)}'s lead "
        f"(Law {'56' if defender else '55'})."
    )


def played_to_declarers_lead(seat: int) -> str:
    return (
        f"{_name(seat)}, on the right of the irregular lead, played to it: the "
        "lead stands and Law 57 applies (Law 53C)."
    )


def wrong_card_accepted_by_play(table: TableState, seat: int) -> str:
    return (
        f"By playing from {'dummy' if seat == table.dummy else 'his hand'} declarer "
        "accepted the card; he can no longer refuse it (Law 52B1(b))."
    )


def played_too_soon(table: TableState, seat: int, card: int) -> str:
    return f"{_name(seat)} played {_c(card)} too soon. {pending_text(table)}"


def forbidden_leader_lost_lead(seat: int, laws: str) -> str:
    return f"{_name(seat)} no longer has the lead: the prohibition ends ({laws})."


def opening_lead_accepted(card: int, by_play: bool) -> str:
    return (
        f"The opening lead {_c(card)} is accepted{' by playing to it' if by_play else ''}"
        f": dummy is spread and the second card comes from declarer's hand (Law 54B)."
    )


def lead_accepted(seat: int, card: int, by_play: bool) -> str:
    how = "by playing to it" if by_play else "by statement"
    return (
        f"{_name(seat)}'s lead of {_c(card)} is accepted {how}; play goes on from "
        f"{_name((seat + 1) & 3)}, on the left of the leader (Law 53A)."
    )


def lead_taken_back(table: TableState, seat: int, card: int, proper: int, law: str) -> str:
    """An irregular lead goes back: a defender's as a major penalty card, declarer's freely."""
    if table.is_defender(seat):
        if law == "53B":
            return (
                f"{_name(proper)} made his proper lead, which stands (Law 53B). "
                f"{_name(seat)}'s {_c(card)}, led out of turn, comes off the trick: what becomes "
                "of it is the Director's judgement. Read as a lead out of turn not accepted, it "
                "is a major penalty card (Laws 56B, 50B), the reading replayed here; read as a "
                "card played in error (Law 53B), it goes back to his hand, and what it showed "
                "is unauthorised information for his partner (Law 16C)."
            )
        return (
            f"Declarer refuses the lead: {_c(card)} is a major penalty card and Law 50D "
            f"applies (Law {law}); {_name(proper)} leads."
        )
    if law == "53B":
        return (
            f"{_name(proper)} made his proper lead, which stands (Law 53B); declarer's "
            f"{_c(card)} goes back to {'dummy' if seat == table.dummy else 'his hand'} "
            "with no penalty card (Law 48A)."
        )
    return (
        f"The defenders have the lead retracted: {_c(card)} goes back with no "
        f"penalty card (Law 55B) and {_name(proper)} leads."
    )


def all_major(table: TableState, seat: int, quiet: bool) -> str:
    if quiet:
        return f"With two or more penalty cards, all of {_name(seat)}'s are major (Law 50B)."
    return (
        f"{_name(seat)} now has {table.pen_mask[seat].bit_count()} penalty cards, "
        "so every one of them is major (Law 50B)."
    )


def declarer_card_exposed(table: TableState, seat: int, card: int) -> str:
    who = "Dummy" if seat == table.dummy else "Declarer"
    return (
        f"{who}'s {_c(card)} was exposed: a card of declarer's or dummy's hand is "
        "never a penalty card, and declarer need not play it (Law 48A)."
    )


def already_face_up(seat: int, card: int) -> str:
    return f"{_name(seat)}'s {_c(card)} is already face up on the table."


def exposed_penalty_card(table: TableState, seat: int, card: int, deliberate: bool) -> str:
    if deliberate:
        why = "it was exposed deliberately"
    elif is_honour(card):
        why = "it is an honour (A K Q J 10)"
    else:
        why = "a single card below honour rank exposed unintentionally"
    penalty = "major" if table.major_mask >> card & 1 else "minor"
    if penalty == "major" and not deliberate and not is_honour(card):
        why = "he now has more than one penalty card"
    return (
        f"{_name(seat)}'s {_c(card)} is a {penalty} penalty card: {why} (Laws 49, 50B). It "
        "stays face up on the table (Law 50A)."
    )


SEVERAL_NEEDS_TWO = "Cards played at once need two or more cards; write one card as a plain play."
SEVERAL_NAMED_TWICE = "The same card is named twice among the cards played at once."


def meant_not_among(seat: int, meant: int, cards: list[int]) -> str:
    return (
        f"The card {_name(seat)} meant, {_c(meant)}, must be one of the cards he "
        f"played at once ({_cards(cards, ' ')})."
    )


def declarer_played_several(table: TableState, seat: int, meant: int, others: list[int]) -> str:
    shown = _cards(others)
    hand = "dummy" if seat == table.dummy else "his hand"
    return (
        f"With {_c(meant)}, {shown} came out too. {_c(meant)} is the card declarer "
        f"meant and it is played; {shown} goes back to {hand}, since declarer's and "
        "dummy's cards are never penalty cards (Laws 58B2, 48A)."
    )


def defender_played_several(seat: int, meant: int, others: list[int]) -> str:
    shown = _cards(others)
    becomes = "becomes a penalty card" if len(others) == 1 else "become penalty cards"
    return (
        f"{_name(seat)} played {_c(meant)} and {shown} together, all seen. He names "
        f"{_c(meant)} as the card he meant, and it is played; {shown} {becomes} (Law 58B2)."
    )


def several_penalty_card(table: TableState, card: int) -> str:
    penalty = "major" if table.major_mask >> card & 1 else "minor"
    if penalty == "minor":
        why = "a single card below honour rank exposed unintentionally"
    elif is_honour(card):
        why = "it is an honour (A K Q J 10)"
    else:
        why = "he has more than one penalty card"
    return f"{_c(card)} is a {penalty} penalty card: {why} (Law 50B)."


MISINFORMED_DOES_NOT_FIT = (
    "'misinformed' fits only a defender's lead out of turn, made because "
    "declarer or dummy told him wrongly that it was his lead (Law 47E1)."
)


def misinformed_lead(table: TableState, seat: int, card: int) -> str:
    return (
        f"{_name(seat)} led {_c(card)} because declarer's side told him wrongly that it "
        f"was his lead. He takes it back with no rectification: no penalty card and no "
        f"choice for declarer (Law 47E1). {_name(table.turn)}, whose lead it is, leads."
    )


def early_lead_after_partner(table: TableState, seat: int, card: int) -> str:
    return (
        f"{_name(seat)} led {_c(card)} to the next trick before trick {table.trick_no} was "
        f"complete, after his partner had played to it. No law covers this exactly (Law 57A "
        f"needs partner still to play, Law 57D is about a play, not a lead), so it is the "
        f"Director's ruling: {_c(card)} is treated as a card exposed early, a major penalty "
        f"card because he put it out on purpose (Laws 49, 50B). {_name(table.turn)} "
        "plays on to this trick."
    )


def dummy_played_second(table: TableState) -> str:
    return (
        f"Declarer played {_c(table.trick[-1][1])} from dummy, though the second card should "
        "have come from his own hand. Dummy's card stays played and may not be taken back "
        f"unless it is a revoke (Law 54B2). It is still {_name(table.declarer)}'s turn: he "
        "plays from his own hand next."
    )


def must_spread(card: int) -> str:
    return (
        f"Declarer began to spread his hand and {_c(card)} was seen: once he has "
        "started, he must spread it all and become dummy; his cards are no penalty "
        "cards (Laws 54A, 48A)."
    )


def dummy_card_seen(card: int) -> str:
    return (
        f"Declarer could have seen dummy's {_c(card)}, so he must accept the lead "
        "and play the hand (Law 54C)."
    )


def nothing_pending(option: str) -> str:
    return f"'{option}' is not an option: no decision is pending."


def declarer_spreads(table: TableState) -> str:
    return (
        f"{_name(table.dummy)} spreads his hand and becomes dummy; {_name(table.declarer)} "
        f"becomes declarer and the lead {_c(table.trick[0][1])} stands (Law 54A)."
    )


def wrong_card_accepted(card: int) -> str:
    return f"Declarer accepts {_c(card)} (Law 52B1(a))."


def still_a_penalty_card(card: int) -> str:
    return f"{_c(card)} is still a penalty card (Law 52B1(c))."


def wrong_card_refused(wrong: int, required: int) -> str:
    return (
        f"Declarer refuses {_c(wrong)}: {_c(required)} is played in its place and "
        f"{_c(wrong)} becomes a major penalty card (Law 52B2)."
    )


def no_lead_restriction(leader: int, offender: int) -> str:
    return (
        f"Declarer imposes no lead restriction: {_name(leader)} may lead any card, and "
        f"{_name(offender)}'s penalty card stays on the table, Law 50D still applying "
        "(Law 50D2(b))."
    )


def lead_restricted(
    option: str, leader: int, suit: int, law: str, picked: list[int], offender: int
) -> str:
    """Declarer's 50D2/51B choice: `require` or `forbid` a lead of `suit` (bits)."""
    back = (
        f"{_cards(picked)} goes back to {_name(offender)}'s hand and is no longer a penalty card."
        if len(picked) == 1
        else f"{_cards(picked)} go back to {_name(offender)}'s hand and are no longer penalty "
        "cards."
    )
    if option == "require":
        return (
            f"Declarer requires {_name(leader)} to lead {suit_words(suit)} if he can "
            f"(Law {law}); {back}"
        )
    return (
        f"Declarer forbids {_name(leader)} to lead {suit_words(suit)} for as long "
        f"as he keeps the lead (Law {law}); {back}"
    )


def designated(seat: int, card: int) -> str:
    return f"Declarer designates {_c(card)}: {_name(seat)} must play it now (Law 51A)."


def play_restricted(table: TableState) -> str:
    return f"{play_restriction_text(table)[:-1]}; if he cannot comply, Law 59 applies (Law 57B)."


def lead_waits_for_declarer(seat: int, offender: int) -> str:
    return (
        f"{_name(seat)} has the lead while his partner {_name(offender)} has a major "
        f"penalty card: he may not lead until declarer chooses (Law 50D2)."
    )


def declarer_designates(seat: int, count: int) -> str:
    return (
        f"{_name(seat)} has {count} penalty cards he can legally play: "
        "declarer designates which one he must play (Law 51A)."
    )


def lead_prohibition_ends(seat: int, bits: int, laws: str = "Laws 50D2(a), 51B") -> str:
    return (
        f"{_name(seat)} has lost the lead: the prohibition on leading "
        f"{suit_words(bits)} ends ({laws})."
    )


# --- Law 26B: a lead prohibition the auction left ------------------------------------

BAN_AND_PENALTY_CARD = (
    "A Law 26B lead prohibition and a Law 50D2 choice are due at the same lead: not modelled."
)


def lead_ban_waits(seat: int, offender: int) -> str:
    return (
        f"{_name(seat)} is to lead for the first time, and his partner {_name(offender)} "
        "withdrew a call in the auction: declarer may first forbid him one suit his partner "
        "did not specify (Law 26B)."
    )


def no_lead_ban(leader: int) -> str:
    return f"Declarer forbids nothing: {_name(leader)} may lead any card (Law 26B)."


def lead_banned(leader: int, suit: int) -> str:
    return (
        f"Declarer forbids {_name(leader)} to lead {suit_words(suit)} for as long as he "
        "keeps the lead (Law 26B)."
    )
