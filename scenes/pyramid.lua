-- A pyramid of 20 rows (210 unit boxes): stands 30 s, drifts < 1 cm, sleeps.
local measure = require("measure")
scene { title = "Pyramid, 20 rows", camera = {0, 10, 30} }
local rows = 20
box { x = 0, y = -0.5, w = 2 * rows + 20, h = 1, static = true }
local boxes, start = {}, {}
for row = 0, rows - 1 do
  local count = rows - row
  for k = 0, count - 1 do
    local b = box { x = k - 0.5 * (count - 1), y = 0.5 + row, w = 1, h = 1 }
    boxes[#boxes + 1], start[#start + 1] = b, {b.x, b.y}
  end
end
world:step(60 * 30)
local drift, awake = 0, 0
for i, b in ipairs(boxes) do
  drift = math.max(drift, math.sqrt((b.x - start[i][1]) ^ 2 + (b.y - start[i][2]) ^ 2))
  if b.awake then awake = awake + 1 end
end
measure.report("max_drift", drift, "physbox must: < 0.01 m")
measure.report("awake", awake, "must be 0 (asleep)")
