-- A rope bridge: planks hinged end to end between two posts; crates fall on it.
scene { title = "Bridge", camera = {0, 1, 12} }
box { x = -7, y = -1, w = 2, h = 4, static = true, color = "#665544" }
box { x = 7, y = -1, w = 2, h = 4, static = true, color = "#665544" }
box { x = 0, y = -4, w = 30, h = 1, static = true, color = "#557755" }
local n, w = 12, 1
local left = -6
local prev = nil
for i = 1, n do
  local x = left + (i - 0.5) * w
  local plank = box { x = x, y = 0.9, w = w * 0.98, h = 0.15, density = 20, color = "#a07840" }
  if prev then
    hinge { a = prev, b = plank, at = {left + (i - 1) * w, 0.9} }
  else
    hinge { a = plank, at = {left, 0.9} }
  end
  prev = plank
end
hinge { a = prev, at = {left + n * w, 0.9} }
for i = 1, 5 do
  box { x = -4 + 2 * i * 0.8, y = 3 + i, w = 0.6, h = 0.6, density = 30, color = "#cc8844" }
end
circle { x = 1, y = 8, r = 0.4, density = 40 }
