-- issue 18/19 hostile numbers: denorm_box (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
box { x = 0, y = 3, w = 2.608, h = 5e-324 }
