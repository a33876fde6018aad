-- A cloth: a 14 x 9 net of small masses joined by 229 springs, its top row
-- held by springs to fixed points above it. Drawn as coils, that many short springs
-- would be one yellow block (issue 17); as thin lines the weave reads. Press
-- C to flip between the two looks, H to hide the net's springs (the masses
-- stay). A ball drops onto it; drag it to throw it in again.
scene { title = "Spring net: a cloth of springs (C coil / line, H hide)",
        about = "229 springs drawn as thin lines (style = \"line\"); C shows them as coils",
        camera = {0, 3.2, 10}, background = "#1b1d24" }

local cols, rows, gap = 14, 9, 0.45
local top = 5.5
local x0 = -(cols - 1) * gap / 2
local nodes, springs = {}, {}
local look = { style = "line", color = "#ffc850" }

local function join(a, b)
  springs[#springs + 1] = spring { a = a, b = b, k = 3000, damping = 1,
                                   style = look.style, color = look.color }
end

for r = 1, rows do
  nodes[r] = {}
  for c = 1, cols do
    local n = circle { x = x0 + (c - 1) * gap, y = top - (r - 1) * gap, r = 0.05,
                       mass = 0.05, color = "#9ecbff" }
    nodes[r][c] = n
    if c > 1 then join(nodes[r][c - 1], n) end
    if r > 1 then join(nodes[r - 1][c], n) end
  end
end
-- The top row hangs from fixed points, at every other mass.
for c = 1, cols, 2 do
  local n = nodes[1][c]
  springs[#springs + 1] = spring { a = n, anchor_b = {n.x, top + 0.6}, k = 6000, damping = 2,
                                   color = "#ff7050" }
end
circle { x = 0.3, y = top + 1.2, r = 0.4, mass = 2, color = "#e0e0e0" }
box { x = 0, y = -0.5, w = 14, h = 1, static = true, color = "#4a5a4a" }

function on_key(key, pressed)
  if not pressed then return end
  if key == "c" then
    for _, s in ipairs(springs) do
      if s.alive then s.style = (s.style == "coil") and "line" or "coil" end
    end
  elseif key == "h" then
    for _, s in ipairs(springs) do s.hidden = not s.hidden end
  end
end
