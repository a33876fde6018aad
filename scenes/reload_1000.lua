-- Hot reload at scale: 1,000 bodies (boxes and circles) in a bin. Open it,
-- let it settle, then edit and save: with keep state (F10) the pile stays
-- where it is and only what you change in the file moves. Also what
-- `physbox bench --reload` measures (save -> first frame, DESIGN.md §6).
scene { title = "Reload, 1,000 bodies", camera = {0, 14, 32}, background = "#14161c" }
box { name = "floor", x = 0, y = -0.5, w = 44, h = 1, static = true, color = "#5a6270" }
box { name = "left wall", x = -21.5, y = 14, w = 1, h = 28, static = true, color = "#5a6270" }
box { name = "right wall", x = 21.5, y = 14, w = 1, h = 28, static = true, color = "#5a6270" }
local cols = 40
for i = 0, 999 do
  local x, y = -19.5 + (i % cols), 0.6 + (i // cols) * 1.05
  if i % 2 == 0 then
    box { x = x, y = y, w = 0.8, h = 0.8, color = "#f0a030" }
  else
    circle { x = x, y = y, r = 0.42, color = "#40b0f0" }
  end
end
circle { name = "ball", x = 0, y = 30, r = 1.5, density = 4, color = "#f05060" }
