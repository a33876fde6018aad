-- issue 18/19 hostile numbers: denorm_circle (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
circle { x = 0, y = 3, r = 5e-324 }
