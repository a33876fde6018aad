-- issue 18/19 hostile numbers: vx_contact (NaN or accepted before ranges)
box { x = 0, y = -0.5, w = 60, h = 1, static = true }
circle { x = 0, y = 1, r = 0.5 }
function on_contact(a, b, c) a.vx = -1e150 end
