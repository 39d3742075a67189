"""Where six plates lie: a row of six or two rows of three, as a grid of centres.

Numbers are printed in the middle of their plates and the plates are laid out evenly,
so the centres of the numbers read are nodes of a grid; a node where no number was read
surely is where a plate was missed, and where to look at it again. Used by both plate
finders (:mod:`vision.plates`, :mod:`vision.plate_finder`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from solver.plates import DRAW_SIZE
from vision.reading import UNSURE_BELOW


class Spot(Protocol):
    """A number read somewhere on the photo."""

    @property
    def cx(self) -> float: ...
    @property
    def cy(self) -> float: ...
    @property
    def height(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def confidence(self) -> float: ...


S = TypeVar("S", bound=Spot)


@dataclass(frozen=True)
class Layout:
    """Where the plates lie: a row of six or two rows of three, as a grid of centres.

    Numbers are printed in the middle of their plates and the plates are laid out
    evenly, so the centres of the numbers are the nodes of a grid seen in perspective
    (an affine grid is close enough: the plates are photographed from above).
    """

    origin: tuple[float, float]
    """The centre of the first plate, top left."""
    across: tuple[float, float]
    """From a plate to the next one in its row."""
    down: tuple[float, float]
    """From a row to the next one."""
    columns: int
    rows: int

    def centre(self, column: float, row: float) -> tuple[float, float]:
        return (
            self.origin[0] + column * self.across[0] + row * self.down[0],
            self.origin[1] + column * self.across[1] + row * self.down[1],
        )


#: A number belongs to a grid node if its centre is this many digit heights from it
#: (a 75 whose 5 was missed is 0.3 off; the plates' keystone moves the end nodes 0.2).
NODE_SLACK = 0.45


def _refit(
    nodes: NDArray[np.float64], centres: NDArray[np.float64], rows: int
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]] | None:
    """Origin, across and down of the grid fitted (least squares) to matched numbers."""
    if rows == 1:
        design = np.column_stack([np.ones(len(nodes)), nodes[:, 0]])
        if len(nodes) < 2 or np.ptp(nodes[:, 0]) == 0:
            return None
        fit, *_ = np.linalg.lstsq(design, centres, rcond=None)
        across = fit[1]
        down = np.array([-across[1], across[0]])
        return fit[0], across, down
    design = np.column_stack([np.ones(len(nodes)), nodes])
    if np.linalg.matrix_rank(design) < 3:
        return None
    fit, *_ = np.linalg.lstsq(design, centres, rcond=None)
    return fit[0], fit[1], fit[2]


@dataclass(frozen=True)
class _Grid:
    """A grid proposed by three numbers: a plate's centre and the steps to the next
    plate across and to the next row, with the shape of the draw looked for."""

    origin: NDArray[np.float64]
    across: NDArray[np.float64]
    down: NDArray[np.float64]
    rows: int

    def nodes(self, centres: NDArray[np.float64]) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
        """Each centre's nearest node (column, row) and its distance to it."""
        basis = np.array([self.across, self.down]).T
        nodes = np.round(np.linalg.solve(basis, (centres - self.origin).T).T)
        distance = np.hypot(*(centres - self.origin - nodes @ basis.T).T)
        if self.rows == 1:  # a single row: nothing off its line
            distance = np.where(nodes[:, 1] == 0, distance, np.inf)
        return nodes.astype(np.int64), distance

    def layout(self, column: int = 0, row: int = 0) -> Layout:
        """The layout whose first plate is the node (column, row)."""
        origin = self.origin + column * self.across + row * self.down
        return Layout(
            (float(origin[0]), float(origin[1])),
            (float(self.across[0]), float(self.across[1])),
            (float(self.down[0]), float(self.down[1])),
            DRAW_SIZE // self.rows,
            self.rows,
        )


#: Where each number of a layout sits: (column, row) → the number.
Placed = dict[tuple[int, int], S]


def fit_layout(
    numbers: Sequence[S], nearest_plate: float = 2.5, most: int = 24
) -> tuple[Layout, Placed[S], int] | None:
    """The grid of six plates that the numbers read fit best, the numbers on its nodes,
    and how many sure numbers lie on the grid just past it (a seventh plate); ``None``
    when no grid holds three numbers.

    Every pair of neighbours of one height proposes the step from a plate to the next,
    and a third number off their line the step from a row to the next; the grid is
    refitted on the numbers it holds. Marks of a checked cloth read as digits lie off
    the grid and are left out. ``nearest_plate``: the least step from a plate's number
    to the next one's, in digit heights (the first generator's plates are 2.9 digit
    heights wide; the randomised renderer's from 1.5). ``most``: the surest numbers
    tried, at most (each pair of them proposes a grid).
    """
    anchors = sorted(
        (n for n in numbers if n.valid and n.confidence >= 0.3), key=lambda n: -n.confidence
    )[:most]
    if len(anchors) < 3:
        return None
    centres = np.array([[n.cx, n.cy] for n in anchors])
    heights = np.array([n.height for n in anchors], float)
    weights = 1.0 + np.array([n.confidence for n in anchors])
    best: tuple[float, _Grid, dict[tuple[int, int], int]] | None = None
    for a in range(len(anchors)):
        size = heights[a]
        d = centres - centres[a]
        alike = (heights > 0.75 * size) & (heights < 1.33 * size)
        ahead = (d[:, 0] > nearest_plate * size) & (d[:, 0] < 14 * size)
        ahead &= np.abs(d[:, 1]) < 0.3 * d[:, 0]
        right = np.flatnonzero(alike & ahead)
        nearest = right[np.argsort(d[right, 0])][:3]
        # The next plate, or the one after when the plate between was not read.
        steps = [d[b] / n for b in nearest for n in (1, 2) if d[b, 0] / n > nearest_plate * size]
        for across in steps:
            normal = np.array([-across[1], across[0]]) / np.hypot(*across)
            grids = [_Grid(centres[a], across, normal * np.hypot(*across), 1)]
            off = d @ normal
            below = np.flatnonzero(alike & (np.abs(off) > 1.3 * size) & (np.abs(off) < 7 * size))
            for c in below[np.argsort(np.abs(off[below]))][:3]:
                down = d[c] - round(float(d[c] @ across) / float(across @ across)) * across
                grids.append(_Grid(centres[a], across, down if down[1] > 0 else -down, 2))
            for grid in grids:
                found = _match(grid, centres, size, weights)
                if found is not None and (best is None or found[0] > best[0]):
                    best = found
    if best is None or len(best[2]) < 3:
        return None
    _, grid, members = best
    size = float(np.median([anchors[i].height for i in members.values()]))
    return (
        grid.layout(),
        {key: anchors[i] for key, i in members.items()},
        _seventh(grid, anchors, size),
    )


def _match(
    grid: _Grid, centres: NDArray[np.float64], size: float, weights: NDArray[np.float64]
) -> tuple[float, _Grid, dict[tuple[int, int], int]] | None:
    """The window of six nodes of ``grid`` that holds the most (and surest) numbers,
    refitted on them: its score, the grid starting at the window's first node, and
    which number sits on each of its nodes (column, row)."""
    columns = DRAW_SIZE // grid.rows
    result = None
    for _ in range(2):  # match loosely, refit, match again, refit
        if abs(
            grid.across[0] * grid.down[1] - grid.across[1] * grid.down[0]
        ) < 0.5 * size * np.hypot(*grid.across):
            return result  # the two steps are (nearly) one line: no grid
        nodes, distance = grid.nodes(centres)
        on_node: dict[tuple[int, int], int] = {}
        for i in np.flatnonzero(distance < NODE_SLACK * size):
            key = (int(nodes[i, 0]), int(nodes[i, 1]))
            if key not in on_node or weights[i] > weights[on_node[key]]:
                on_node[key] = int(i)
        windows = [
            {
                (c - c0, r - r0): i
                for (c, r), i in on_node.items()
                if 0 <= c - c0 < columns and 0 <= r - r0 < grid.rows
            }
            for c0, r0 in {
                (c0, r0)
                for c, r in on_node
                for c0 in range(c - columns + 1, c + 1)
                for r0 in range(r - grid.rows + 1, r + 1)
            }
        ]
        if not windows:
            return result
        members = max(windows, key=lambda w: (sum(weights[i] for i in w.values()), min(w)))
        first = next(iter(members))
        column0 = int(nodes[members[first], 0]) - first[0]
        row0 = int(nodes[members[first], 1]) - first[1]
        layout = grid.layout(column0, row0)
        fitted = _refit(np.array(list(members), float), centres[list(members.values())], grid.rows)
        if fitted is None:
            grid = _Grid(np.array(layout.origin), grid.across, grid.down, grid.rows)
        else:
            grid = _Grid(*fitted, grid.rows)
        result = (float(sum(weights[i] for i in members.values())), grid, members)
    return result


def _seventh(grid: _Grid, numbers: Sequence[S], size: float) -> int:
    """Sure numbers on the nodes of the grid just past its six plates: a seventh plate
    (or an eighth) makes which six are the draw a guess."""
    columns = DRAW_SIZE // grid.rows
    nodes, distance = grid.nodes(np.array([[n.cx, n.cy] for n in numbers]))
    count = 0
    for number, (c, r), dist in zip(numbers, nodes, distance, strict=True):
        inside = 0 <= c < columns and 0 <= r < grid.rows
        next_to = -1 <= c <= columns and -1 <= r <= grid.rows
        sure = number.valid and number.confidence >= UNSURE_BELOW
        count += bool(sure and next_to and not inside and dist < NODE_SLACK * size)
    return count


def placements(layout: Layout, placed: Placed[S]) -> list[tuple[Layout, Placed[S]]]:
    """Where the numbers found may sit among the six plates: when a plate at an end
    was not seen, the others may as well be shifted by one."""
    columns = [c for c, _ in placed]
    rows = [r for _, r in placed]
    options = []
    for dc in range(-min(columns), layout.columns - max(columns)):
        for dr in range(-min(rows), layout.rows - max(rows)):
            origin = layout.centre(-dc, -dr)
            shifted = Layout(origin, layout.across, layout.down, layout.columns, layout.rows)
            options.append((shifted, {(c + dc, r + dr): n for (c, r), n in placed.items()}))
    return options
