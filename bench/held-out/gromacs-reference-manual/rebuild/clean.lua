-- pandoc Lua filter: the GROMACS Reference Manual's Sphinx HTML (already cut down by build.py) as
-- plain GFM.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
-- (../../plain-elements.lua, shared with the other books)
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

-- TeX math marked by build.py: $...$ inline, $$...$$ on lines of its own
function Code(el)
  if el.classes[1] == "texmath" then return pandoc.RawInline("markdown", "$" .. el.text .. "$") end
  el.attr = pandoc.Attr()
  return el
end

function CodeBlock(el)
  if el.classes[1] == "texmath" then return pandoc.RawBlock("markdown", "$$\n" .. el.text .. "\n$$") end
  el.attr = pandoc.Attr("", { "text" })
  return el
end

-- superscripts and subscripts in running text (units, formulas): 10^-3, H_2O
function Superscript(el)
  local out = { pandoc.Str("^") }
  for _, x in ipairs(el.content) do table.insert(out, x) end
  return out
end

function Subscript(el)
  local out = { pandoc.Str("_") }
  for _, x in ipairs(el.content) do table.insert(out, x) end
  return out
end

-- divs unwrap (the line blocks of the update algorithm are paragraphs already, see build.py)
function Div(el) return el.content end

-- table cells with several paragraphs or line breaks (the box-type and force-field tables) are
-- joined into one line each, so that every table can be a GFM pipe table; spanning cells leave the
-- cells they cover empty
local function flat_cell(cell)
  local inl = {}
  for _, b in ipairs(cell.contents) do
    if #inl > 0 then table.insert(inl, pandoc.Space()) end
    for _, x in ipairs(pandoc.utils.blocks_to_inlines({ b })) do
      if x.t == "LineBreak" or x.t == "SoftBreak" then x = pandoc.Space() end
      table.insert(inl, x)
    end
  end
  cell.contents = { pandoc.Plain(inl) }
  return cell
end

function Table(el)
  local function rows(list)
    for _, r in ipairs(list) do
      for _, c in ipairs(r.cells) do flat_cell(c) end
    end
  end
  rows(el.head.rows)
  for _, body in ipairs(el.bodies) do rows(body.body) end
  return el
end

-- definition lists are not GFM: bullet items "**term**: text" (../../definition-list.lua); terms that
-- are bold already lose their own bold first
local definition_list = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
function DefinitionList(el)
  for _, item in ipairs(el.content) do
    local term = item[1]
    if #term == 1 and term[1].t == "Strong" then item[1] = term[1].content end
  end
  return definition_list(el)
end

-- Sphinx makes block quotes of merely indented text (the group definitions, the update algorithm,
-- indented equations): their content stands as ordinary blocks
function BlockQuote(el) return el.content end
