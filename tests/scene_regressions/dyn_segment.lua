-- issue 18/19 hostile numbers: dyn_segment (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
segment { type = "dynamic", x1 = 17, y1 = 17.8, x2 = 6.8, y2 = 11 }
