-- issue 18/19 hostile numbers: poly_tiny (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
polygon { x = 0, y = 3, points = {{0,0},{1e-9,0},{0,1e-9}} }
