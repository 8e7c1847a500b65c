-- pandoc Lua filter: reduce PostgreSQL DocBook HTML to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

local ADMON = { note = "Note", tip = "Tip", warning = "Warning", caution = "Caution", important = "Important" }

local function strip_number(inlines)
  -- drop "4.1.2." / "Chapter 3." / "Part I." / "Table 8.1." style numbers at the start of a heading
  local s = pandoc.utils.stringify(inlines):gsub("\194\160", " ")
  local rest = s:match("^[%d%.]+%.%s+(.*)$") or s:match("^Chapter%s+%d+%.%s+(.*)$")
            or s:match("^Part%s+[IVX]+%.%s+(.*)$")
  if rest then return { pandoc.Str(rest) } end
  return inlines
end

function Superscript(el) return el.content end

function Header(el)
  el.attr = pandoc.Attr()
  el.content = strip_number(el.content)
  return el
end

function Div(el)
  for _, c in ipairs(el.classes) do
    if c == "navheader" or c == "navfooter" or c == "toc" then return {} end
    if ADMON[c] then
      local out = {}
      for _, b in ipairs(el.content) do
        if b.t == "Header" then
          table.insert(out, pandoc.Para({ pandoc.Strong({ pandoc.Str(pandoc.utils.stringify(b.content) .. ":") }) }))
        else
          table.insert(out, b)
        end
      end
      return out
    end
  end
  return el.content
end

function CodeBlock(el)
  local lang = "text"
  for _, c in ipairs(el.classes) do
    if c == "programlisting" then lang = "sql" end
  end
  for line in (el.text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^%s*%$ ") then lang = "sh" end
  end
  el.attr = pandoc.Attr("", { lang })
  return el
end

-- tables whose cells hold more than one simple block cannot be GFM pipe tables:
-- turn them into a bullet list, one item per row (cells one after the other).
local function cell_simple(cell)
  if #cell.contents > 1 then return false end
  local b = cell.contents[1]
  if b == nil then return true end
  if b.t ~= "Plain" and b.t ~= "Para" then return false end
  for _, i in ipairs(b.content) do if i.t == "LineBreak" then return false end end
  return true
end

function Table(el)
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
  for _, body in ipairs(el.bodies) do
    for _, r in ipairs(body.body) do
      local blocks = {}
      for _, c in ipairs(r.cells) do
        for _, b in ipairs(c.contents) do
          if b.t == "Plain" then b = pandoc.Para(b.content) end
          table.insert(blocks, b)
        end
      end
      if #blocks > 0 then table.insert(items, blocks) end
    end
  end
  return pandoc.BulletList(items)
end

DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
