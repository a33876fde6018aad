-- issue 18/19 hostile numbers: field_many (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
local b = circle { x = 0, y = 3, r = 0.5 }
force(function(body) return 1e308, 1e308 end, { b, b, b })
