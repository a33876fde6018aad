-- Measuring helpers shared by the experiment scenes:
--   local measure = require("measure")
local measure = {}

-- Peak of a parabola through three equally spaced samples (exact for free
-- flight, which is a parabola).
function measure.parabola_peak(y0, y1, y2)
  local denom = y0 - 2 * y1 + y2
  if math.abs(denom) < 1e-15 then return y1 end
  local t = 0.5 * (y0 - y2) / denom
  return y1 - 0.25 * (y0 - y2) * t
end

-- Step the world `steps` times and return the heights of the flight apexes
-- of `get_y()` (e.g. a body's centre height).
function measure.apexes(get_y, steps)
  local ys = {}
  for i = 1, steps do
    world:step(1)
    ys[i] = get_y()
  end
  local peaks = {}
  for i = 2, #ys - 1 do
    if ys[i] > ys[i - 1] and ys[i] >= ys[i + 1] then
      peaks[#peaks + 1] = measure.parabola_peak(ys[i - 1], ys[i], ys[i + 1])
    end
  end
  return peaks
end

-- Print a measured figure as `name = value` (the scene tests read these).
function measure.report(name, value, note)
  print(("%s = %.9g%s"):format(name, value, note and ("  -- " .. note) or ""))
end

return measure
