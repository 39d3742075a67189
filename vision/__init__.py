"""Camera sources and readers of letter racks, number plates and dice (issue 4)."""
