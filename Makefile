# arbitre: the two commands of the README.
#   make run   set everything up, then start the referee
#   make test  set everything up, then lint, type-check and run the whole test suite
# Both are idempotent: system packages are installed only when missing, the virtualenv
# is (re)built only when pyproject.toml changed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Debian / Raspberry Pi OS packages the app and the tests need.
# hunspell-fr-comprehensive: the source of the games' word lists (`make lexicon`, and a test
# that the committed lists are what it gives); hunspell: a test checks our affix expander
# against the real engine. tesseract-ocr: the tests read the app's screen with it (pytesseract).
# The fonts: the app's big, accented type (DejaVu), and the synthetic tiles the learned
# readers train and are tested on (many faces, some kept unseen by training); the second
# line's only draw letters (vision/render.py's LETTER_DESIGNS), about 45 MB; the third's only
# dice, never trained on (DICE_DESIGNS: the `fresh` designs no choice was made on), 23 MB.
# chromium, chromium-driver: the players' phone page tested in a real headless browser.
# espeak-ng: the referee's French voice (the target, the countdowns, the Sloubi song), offline.
SYSTEM_PACKAGES := python3 python3-venv python3-pip hunspell hunspell-fr-comprehensive \
	tesseract-ocr tesseract-ocr-eng espeak-ng \
	fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-open-sans \
	fonts-lato fonts-crosextra-carlito fonts-urw-base35 chromium chromium-driver \
	fonts-sil-andika fonts-b612 fonts-adf-baskervald fonts-bebas-neue fonts-beteckna \
	fonts-linuxlibertine fonts-cabin fonts-crosextra-caladea fonts-cantarell fonts-sil-charis \
	fonts-clear-sans fonts-comic-neue fonts-courier-prime fonts-dosis fonts-ebgaramond \
	fonts-firacode fonts-adf-gillius fonts-go fonts-inconsolata fonts-jura fonts-league-spartan \
	fonts-oxygen fonts-paratype fonts-quicksand fonts-adf-romande fonts-vollkorn \
	fonts-yanone-kaffeesatz \
	fonts-adf-accanthis fonts-allerta fonts-anonymous-pro fonts-arapey \
	fonts-comfortaa fonts-opendin fonts-fanwood fonts-inter fonts-jetbrains-mono fonts-junction \
	fonts-karla fonts-manrope fonts-national-park fonts-oldstandard fonts-play fonts-quattrocento \
	fonts-roboto-slab fonts-routed-gothic fonts-sora fonts-tiresias fonts-tuffy \
	fonts-adf-universalis

.PHONY: run test lint system venv bench lexicon models install-pi clean

# The referee app; without GPIO or camera it simulates them (space bar = buzzer).
run: venv
	$(BIN)/arbitre run

# pytest exits 5 when it collects no test: that is a failure too, said out loud.
# Two processes (pytest-xdist), each test file whole on one: its module fixtures (the six
# browser pages) are made once, and a 2-core machine runs the suite in about 60 % of the time.
TEST_WORKERS ?= 2
test: venv lint
	@$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile || { rc=$$?; [ $$rc -ne 5 ] || echo "ERREUR : aucun test collecté" >&2; exit $$rc; }

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

system:
	@scripts/system-packages.sh $(SYSTEM_PACKAGES)

venv: system $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

bench: venv
	$(BIN)/python bench/numbers.py
	$(BIN)/python bench/numbers_stats.py
	$(BIN)/python bench/words.py

# Recompile solver/data/lexicon.gz and refused.gz from Dicollecte's dictionary.
lexicon: venv
	$(BIN)/python -m solver.lexicon_build

# Retrain the learned vision readers and rewrite vision/data/tile_finder.onnx, letters.onnx,
# plates.onnx, dice_finder.onnx, dice_top.onnx, dice_upright.onnx, dice.onnx
# and their .json (seeded: the committed files again, on this machine). PyTorch (the
# `train` extra, CPU build) is installed here only; about 5.3 CPU hours in all, mostly on
# one thread (more on a loaded machine):
# the tile finder first (24 minutes: 3,000 photos, 6 epochs), since half the letters'
# windows are cut where it finds letters (144,000 windows, 12 epochs: about 35 minutes),
# then the letters reader's threshold of "?" chosen for the letters' network on 600
# calibration racks; the plates' 46 (48,000 windows, 10 epochs, spoilt afresh each epoch);
# the die finder; the d20's top finder and upright classifier (about 45 minutes: 220,000
# windows drawn on both cores, the top finder 12 epochs, the upright classifier 16); then
# the dice classifier (about 80 minutes: 300,000 windows in the dice's and the letters'
# trained designs, half of their letters drawn narrower or wider, bolder or lighter than
# designed, 20 epochs), whose threshold is chosen for the whole reader on the windows the
# finder says are up faces, on designs trained and designs no dice network trained on.
models: venv
	$(BIN)/python -m pip install --quiet -e '.[train]'
	$(BIN)/python bench/vision_train_tiles.py
	$(BIN)/python bench/vision_train.py
	$(BIN)/python bench/vision_train_tiles.py --calibrate-only
	$(BIN)/python bench/vision_train_dice_centres.py
	$(BIN)/python bench/vision_train_dice_upright.py
	$(BIN)/python bench/vision_train_dice.py

# On a Raspberry Pi: install, enable and start the systemd unit (see systemd/README.md).
install-pi:
	sudo systemd/install.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache *.egg-info
