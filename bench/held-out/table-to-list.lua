-- Shared by the books' pandoc Lua filters (loaded with dofile, see their clean.lua): a table whose
-- cells hold more than one simple block, a line break, or span rows or columns cannot be a GFM pipe
-- table, so it becomes a bullet list, one item per row (the row's cells one after the other).
-- Called as (table, with_head): with_head makes the header rows items too (the body rows always are);
-- a table that can be a pipe table comes back as it is.
local function cell_simple(cell)
  if #cell.contents > 1 then return false end
  local b = cell.contents[1]
  if b == nil then return true end
  if b.t ~= "Plain" and b.t ~= "Para" then return false end
  for _, i in ipairs(b.content) do if i.t == "LineBreak" then return false end end
  return true
end

return function(el, with_head)
  local simple = true
  local rows = {}
  for _, r in ipairs(el.head.rows) do table.insert(rows, r) end
  for _, body in ipairs(el.bodies) do
    for _, r in ipairs(body.body) do table.insert(rows, r) end
  end
  for _, r in ipairs(rows) do
    for _, c in ipairs(r.cells) do
      if not cell_simple(c) or c.col_span > 1 or c.row_span > 1 then simple = false end
    end
  end
  if simple then return el end
  local items = {}
  for i = (with_head and 1 or #el.head.rows + 1), #rows do
    local blocks = {}
    for _, c in ipairs(rows[i].cells) do
      for _, b in ipairs(c.contents) do
        if b.t == "Plain" then b = pandoc.Para(b.content) end
        table.insert(blocks, b)
      end
    end
    if #blocks > 0 then table.insert(items, blocks) end
  end
  return pandoc.BulletList(items)
end
