-- Seed 003, test 5: 50 plates 5 x 0.05 m stacked; they must stand 30 s.
local measure = require("measure")
scene { title = "Column of 50 thin plates", camera = {0, 1.25, 8} }
box { x = 0, y = -0.5, w = 40, h = 1, static = true }
local plates = {}
for i = 0, 49 do
  plates[#plates + 1] = box { x = 0, y = 0.05 * (i + 0.5), w = 5, h = 0.05 }
end
local top = plates[#plates]
local x0, y0 = top.x, top.y
local clock = os.clock()
world:step(60 * 30)
local slid = 0
for _, p in ipairs(plates) do slid = math.max(slid, math.abs(p.x)) end
measure.report("top_moved", math.sqrt((top.x - x0) ^ 2 + (top.y - y0) ^ 2), "physbox must: < 0.01 m")
measure.report("max_slide", slid, "physbox must: < 0.01 m")
measure.report("cpu_seconds_for_30s", os.clock() - clock, "must be < 30 (faster than real time)")
