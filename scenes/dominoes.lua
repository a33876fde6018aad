-- Seed 003, test 3 (straightened): 30 dominoes 0.2 x 1 m, 0.6 m apart; the
-- first one is flicked. The chain must complete and then sleep.
local measure = require("measure")
scene { title = "Dominoes", camera = {9, 1, 24} }
local n = 30
box { x = 0, y = -0.5, w = 0.6 * n + 20, h = 1, static = true }
local d = {}
for i = 0, n - 1 do
  d[#d + 1] = box { x = 0.6 * i, y = 0.5, w = 0.2, h = 1, color = "blue" }
end
d[1]:apply_impulse(0.08, 0, 0, 0.95)
local hits = 0
function on_contact(a, b, c) hits = hits + 1 end
world:step(60 * 20)
local fallen, awake = 0, 0
for _, b in ipairs(d) do
  if math.abs(b.angle) > 0.5 then fallen = fallen + 1 end
  if b.awake then awake = awake + 1 end
end
measure.report("fallen", fallen, ("of %d"):format(n))
measure.report("awake", awake, "must be 0 (asleep)")
measure.report("contacts_begun", hits)
