local seen_title = false
local function is_blank_table(el)
  local s = pandoc.utils.stringify(el)
  return s:match("^%s*$") ~= nil
end
function Div(el)
  if el.classes:includes("toc") or el.classes:includes("navheader") or el.classes:includes("navfooter") or el.classes:includes("list-of-figures") or el.classes:includes("list-of-tables") then
    return {}
  end
  if el.classes:includes("titlepage") and not seen_title then
    seen_title = true
    return {}
  end
  return el.content
end
function Table(el)
  if is_blank_table(el) then return {} end
  local cells = {}
  for _, b in ipairs(el.bodies) do
    for _, r in ipairs(b.body) do
      for _, c in ipairs(r.cells) do table.insert(cells, c) end
    end
  end
  for _, r in ipairs(el.head.rows) do
    for _, c in ipairs(r.cells) do table.insert(cells, c) end
  end
  if #cells == 1 then
    local blocks = cells[1].contents
    if #blocks > 1 and blocks[1].t == "Para" or (#blocks > 1 and blocks[1].t == "Plain") then
      local title = pandoc.utils.stringify(blocks[1])
      if #title < 60 then
        blocks[1] = pandoc.Para({pandoc.Strong(blocks[1].content)})
      end
    end
    return blocks
  end
  return el
end
function Span(el) return el.content end
function Image(el) return {} end
function RawBlock(el) return {} end
function RawInline(el) return {} end
function Link(el)
  local t = el.target
  if t:sub(1,1) == "#" then return el.content end
  return pandoc.Link(el.content, t)
end
function Header(el)
  if pandoc.utils.stringify(el) == "Tip" then
    return pandoc.Para({pandoc.Strong({pandoc.Str("Tip:")})})
  end
  el.attr = pandoc.Attr("", {}, {})
  el.level = math.max(1, el.level - 1)
  return el
end
