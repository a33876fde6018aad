-- A ragdoll: boxes joined by hinges with joint limits, dropped onto steps.
scene { title = "Ragdoll", camera = {0, 2, 10} }
box { x = 0, y = -0.5, w = 30, h = 1, static = true, color = "#557755" }
for i = 1, 5 do
  box { x = 1 + i * 1.2, y = i * 0.5 - 0.25, w = 1.2, h = i * 1.0, static = true, color = "#777777" }
end
local function ragdoll(x, y)
  local torso = box { x = x, y = y, w = 0.5, h = 0.9, density = 2, name = "torso" }
  local head = circle { x = x, y = y + 0.7, r = 0.22, density = 2, name = "head" }
  hinge { a = torso, b = head, at = {x, y + 0.5}, limits = {-0.5, 0.5} }
  local function limb(px, py, dx, dy, len, lo, hi, parent)
    local upper = box { x = px + dx * len / 2, y = py + dy * len / 2, w = 0.18, h = len,
                        angle = math.atan(dx, -dy) * -1, density = 2 }
    hinge { a = parent, b = upper, at = {px, py}, limits = {lo, hi} }
    local ex, ey = px + dx * len, py + dy * len
    local lower = box { x = ex + dx * len / 2, y = ey + dy * len / 2, w = 0.16, h = len,
                        angle = math.atan(dx, -dy) * -1, density = 2 }
    hinge { a = upper, b = lower, at = {ex, ey}, limits = {-0.1, 2.2} }
  end
  limb(x - 0.3, y + 0.35, -1, 0, 0.45, -1.5, 1.5, torso)   -- left arm
  limb(x + 0.3, y + 0.35, 1, 0, 0.45, -1.5, 1.5, torso)    -- right arm
  limb(x - 0.15, y - 0.45, 0, -1, 0.5, -0.8, 1.2, torso)   -- left leg
  limb(x + 0.15, y - 0.45, 0, -1, 0.5, -1.2, 0.8, torso)   -- right leg
end
ragdoll(-2, 5)
ragdoll(2, 8)
