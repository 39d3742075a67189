"""What each game accepts: the boxed game's official ruling, the TV show's examples, the
dice game's and the bluff game's rules, and the normalisation of players' spellings."""

from __future__ import annotations

import pytest

from solver.lexicon import RULES, check_rules, lexicon, normalise, refusal


@pytest.mark.parametrize(
    ("spelling", "normalised"),
    [
        ("réanimable", "REANIMABLE"),
        ("ÉLÈVE", "ELEVE"),
        ("garçon", "GARCON"),
        ("cœur", "COEUR"),
        ("Œuvre", "OEUVRE"),
        ("ex æquo", "EXAEQUO"),
        ("Lætitia", "LAETITIA"),
        ("porte-monnaie", "PORTEMONNAIE"),
        ("aujourd'hui", "AUJOURDHUI"),
        ("presqu’île", "PRESQUILE"),
        ("naïve", "NAIVE"),
        ("  pomme de terre ", "POMMEDETERRE"),
    ],
)
def test_spellings_are_compared_without_accents_ligatures_or_separators(
    spelling: str, normalised: str
) -> None:
    assert normalise(spelling) == normalised


def accepted(word: str, rules: str = "dcdl") -> bool:
    return normalise(word) in lexicon(rules)


# -- "Le mot le plus long": the boxed game's official ruling ----------------------------

ODD_PLURALS = [
    *("abymes", "balans", "balants", "berlues", "cocagnes", "cuissages", "débotters"),
    *("dulies", "emports", "escients", "faires", "gésines", "gnognotes", "gnognottes"),
    *("gringues", "guises", "jouvences", "latries", "martels", "mirbanes", "paraîtres"),
    *("pops", "punctums", "revients", "sortirs", "stratums", "tantinets", "toutimes"),
    *("toutims", "vouloirs"),
]


@pytest.mark.parametrize("word", ODD_PLURALS)
def test_plurals_of_words_used_only_in_set_phrases_are_accepted(word: str) -> None:
    assert accepted(word)


@pytest.mark.parametrize("word", ["anas", "chuts", "hiers", "meuhs", "ploufs", "pschitts"])
def test_plurals_of_words_one_dictionary_calls_nouns_are_accepted(word: str) -> None:
    assert accepted(word)


@pytest.mark.parametrize(
    "word",
    ["confers", "dixits", "filioques", "pessahs", "pourims", "shabouots", "soukkots"],
)
def test_plurals_of_words_of_unspecified_kind_are_accepted(word: str) -> None:
    assert accepted(word)


@pytest.mark.parametrize(
    "word",
    ["ablative", "barytée", "capitulées", "cranteuse", "mesureuse", "schleue", "saoudienne"],
)
def test_gender_variants_of_adjectives_are_accepted(word: str) -> None:
    assert accepted(word)


@pytest.mark.parametrize(
    "word", ["manger", "mangeant", "mangé", "mangées", "finir", "finissant", "finies"]
)
def test_infinitives_and_participles_are_accepted(word: str) -> None:
    assert accepted(word)


@pytest.mark.parametrize(
    "word", ["mangeais", "chanteraient", "finissons", "mangea", "chantiez", "va", "sommes"]
)
def test_conjugated_forms_are_refused(word: str) -> None:
    if word == "sommes":  # also the plural of the noun "somme"
        assert accepted(word)
        return
    assert not accepted(word)
    assert refusal(normalise(word), "dcdl") == "forme conjuguée non admise"


@pytest.mark.parametrize("verb", ["gésir", "quérir", "sourdre", "chaloir", "férir"])
def test_some_verbs_are_accepted_in_the_infinitive_only(verb: str) -> None:
    assert accepted(verb)


@pytest.mark.parametrize("participle", ["gisant", "gisants", "sourdant", "chalant", "féru"])
def test_their_participles_are_refused_unless_another_word_has_that_spelling(
    participle: str,
) -> None:
    # "gisant" (a tomb's statue) and "féru" (keen) are also a noun and an adjective
    expected = participle in ("gisant", "gisants", "féru")
    assert accepted(participle) == expected
    if not expected:
        assert refusal(normalise(participle), "dcdl") in (
            "seul l'infinitif de ce verbe est admis",
            None,  # Dicollecte has no such form at all: unknown word
        )


@pytest.mark.parametrize("participle", ["déchéant", "occisant", "neigeant", "bruinant"])
def test_present_participles_of_impersonal_and_listed_verbs_are_refused(
    participle: str,
) -> None:
    assert not accepted(participle)


@pytest.mark.parametrize("participle", ["canée", "clamsées", "surgies", "tourbées", "foirés"])
def test_past_participles_the_rulebook_makes_variable_are_accepted(participle: str) -> None:
    assert accepted(participle)


def test_an_invariable_past_participle_has_only_one_form() -> None:
    assert accepted("souri") and accepted("dormi")
    assert not accepted("dormies")


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("Paris", None),  # "paris" is also the plural of "pari"
        ("Marseille", "nom propre"),
        ("Mitterrand", "nom propre"),
        ("Kevin", "nom propre"),
        ("ADN", "sigle, symbole ou abréviation"),
        ("SNCF", "sigle, symbole ou abréviation"),
        ("km", "sigle, symbole ou abréviation"),
        ("fig", "sigle, symbole ou abréviation"),
        ("oct", "sigle, symbole ou abréviation"),
        ("xxᵉ", "sigle, symbole ou abréviation"),
        ("mAh", "sigle, symbole ou abréviation"),
        ("env", "sigle, symbole ou abréviation"),
        ("zut", "interjection ou onomatopée"),
        ("youpi", "interjection ou onomatopée"),
        ("hélas", "forme conjuguée non admise"),  # also "tu hélas", from "héler"
        ("abrupto", "mot qui n'existe que dans une locution"),
    ],
)
def test_proper_nouns_acronyms_symbols_and_odd_words_are_refused(
    word: str, reason: str | None
) -> None:
    assert accepted(word) == (reason is None)
    if reason is not None:
        assert refusal(normalise(word), "dcdl") == reason


# The dictionary's "title" tag sits on common nouns (madame, docteur) as well as on the
# abbreviated titles (Mme, Dr); a capital inside a compound may be a proper name's
# (hôtel-Dieu) rather than an acronym's (anti-IVG). Only the second of each is refused.
TITLES_THAT_ARE_NOUNS = [
    *("madame", "madames", "mademoiselle", "monsieur", "docteur", "docteures"),
    *("doctoresse", "professeur", "professeures", "maître", "maîtresses", "maman"),
    *("papas", "seigneur", "messire", "milady", "señorita", "doña"),
]
COMPOUNDS_WITH_A_PROPER_NAME = [
    *("hôtel-Dieu", "prie-Dieu", "outre-Manche", "outre-Rhin", "tête-de-Maure"),
    *("sceaux-de-Salomon", "duc-d'Albe", "prim'Holstein"),
]


@pytest.mark.parametrize("word", TITLES_THAT_ARE_NOUNS + COMPOUNDS_WITH_A_PROPER_NAME)
def test_titles_and_compounds_with_a_capital_that_are_common_words_are_accepted(
    word: str,
) -> None:
    for rules in RULES:
        assert accepted(word, rules), rules


def test_the_club_rulebook_s_own_example_resonnees_is_accepted() -> None:
    # "resonnées (bon) - résonnées (faux)": the participle of "resonner", ring again
    assert accepted("resonnées") and accepted("resonné") and accepted("resonner")


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        *[(title, "sigle, symbole ou abréviation") for title in ("Mme", "Mlle", "Dr", "Mgr")],
        *[(title, "sigle, symbole ou abréviation") for title in ("MM", "Vve", "Pr")],
        *[(acronym, "sigle, symbole ou abréviation") for acronym in ("anti-IVG", "pré-ARNm")],
        *[(acronym, "sigle, symbole ou abréviation") for acronym in ("qPCR", "R'n'B", "K-O")],
        *[(symbol, "sigle, symbole ou abréviation") for symbol in ("cm", "dB", "janv", "réf")],
        ("États-Unis", "nom propre"),
        ("Île-de-France", "nom propre"),
        ("Côte-d'Or", "nom propre"),
        ("N'Djamena", "nom propre"),
    ],
)
def test_abbreviated_titles_acronyms_and_compound_place_names_stay_refused(
    word: str, reason: str
) -> None:
    assert not accepted(word)
    assert refusal(normalise(word), "dcdl") == reason


def test_an_abbreviation_s_spelling_may_still_be_a_word() -> None:
    assert accepted("tan")  # the bark, besides the tangent's abbreviation
    assert accepted("sept")


def test_the_unit_prefixes_make_words() -> None:
    assert accepted("kilomètres") and accepted("mégawatt")


def test_players_see_the_dictionary_spelling() -> None:
    words = lexicon("dcdl")
    assert words.display("REANIMABLE") == "réanimable"
    assert words.display("PORTEMONNAIE") == "porte-monnaie"
    assert words.display("COEUR") == "cœur"


# -- The dice game and the bluff game ------------------------------------------------------


@pytest.mark.parametrize("word", ["mangeais", "chanteraient", "Bordeaux", "Kevin", "gisant"])
def test_the_dice_game_takes_conjugated_verbs_and_proper_nouns(word: str) -> None:
    assert accepted(word, "dice")


@pytest.mark.parametrize("word", ["ADN", "SNCF", "km", "Hz"])
def test_no_game_takes_acronyms_or_symbols(word: str) -> None:
    for rules in RULES:
        assert not accepted(word, rules)


def test_the_bluff_game_takes_conjugated_verbs_but_not_proper_nouns() -> None:
    assert accepted("mangeais", "paroles") and accepted("chanteraient", "paroles")
    assert not accepted("Marseille", "paroles")
    assert refusal("MARSEILLE", "paroles") == "nom propre"


def test_every_game_list_is_a_real_dictionary() -> None:
    assert 150_000 < len(lexicon("dcdl")) < 250_000
    assert 400_000 < len(lexicon("paroles")) < len(lexicon("dice")) < 500_000


def test_unknown_rules_are_named() -> None:
    with pytest.raises(ValueError, match="dcdl, dice, paroles"):
        check_rules("scrabble")
