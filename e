die: d2
1 2d4 goblins and 1d6 rats
2 Roll 2d6 to see; \1d8 is kept
