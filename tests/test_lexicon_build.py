"""The committed word lists are what `make lexicon` builds from the installed dictionary."""

from __future__ import annotations

import gzip

from solver.affixes import Form
from solver.lexicon import DATA
from solver.lexicon_build import build, frequencies, read_additions, with_rulebook_participles


def test_a_rebuild_gives_the_committed_files(dictionary_forms: list[Form]) -> None:
    rebuilt = build(with_rulebook_participles(dictionary_forms), read_additions(), frequencies())
    assert set(rebuilt) == {"lexicon", "refused", "accents"}
    for name, data in rebuilt.items():
        committed = gzip.decompress((DATA / f"{name}.gz").read_bytes())
        assert data == committed, f"solver/data/{name}.gz is stale: run `make lexicon`"


def test_the_compiled_files_stay_small() -> None:
    total = sum((DATA / f"{name}.gz").stat().st_size for name in ("lexicon", "refused", "accents"))
    assert total < 5_000_000
