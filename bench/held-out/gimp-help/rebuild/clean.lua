-- pandoc Lua filter: reduce the GIMP manual's DocBook HTML to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

local ADMON = { note = "Note", tip = "Tip", warning = "Warning", caution = "Caution", important = "Important" }
-- navigation, tables of contents, figures (images with their captions) and the footnote area
-- (its notes are moved to the references, see Pandoc below) are dropped whole
local DROP = { navheader = true, navfooter = true, toc = true, ["list-of-figures"] = true,
               figure = true, informalfigure = true, mediaobject = true, ["figure-contents"] = true,
               equation = true, informalequation = true, footnotes = true }

function Superscript(el) return el.content end
function Subscript(el) return el.content end

-- headings lose their ids and their numbers ("4.5." / "Chapter 3." / "Part I." / "Appendix A."), and
-- become one plain string (../../docbook-heading.lua, shared with postgresql-tutorial)
Header = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../docbook-heading.lua")({ plain = true, appendix = true })

-- an admonition is a two-row table: icon + label, then the text; keep "**Note:**" and the text
local function admonition(el, label)
  local out = { pandoc.Para({ pandoc.Strong({ pandoc.Str(label .. ":") }) }) }
  local function take(cell)
    local s = pandoc.utils.stringify(cell.contents):gsub("%s", "")
    if s == "" or s == label then return end
    for _, b in ipairs(cell.contents) do table.insert(out, b) end
  end
  for _, b in ipairs(el.content) do
    if b.t == "Table" then
      for _, r in ipairs(b.head.rows) do for _, c in ipairs(r.cells) do take(c) end end
      for _, body in ipairs(b.bodies) do
        for _, r in ipairs(body.body) do for _, c in ipairs(r.cells) do take(c) end end
      end
    elseif b.t ~= "Header" then
      table.insert(out, b)
    end
  end
  return out
end

function Div(el)
  for _, c in ipairs(el.classes) do
    if DROP[c] then return {} end
  end
  return el.content
end

-- "<br class=figure-break>" and emptied figure remains leave blocks without text
local function empty(el)
  for _, i in ipairs(el.content) do
    if i.t ~= "LineBreak" and i.t ~= "Space" and i.t ~= "SoftBreak" then return el end
  end
  return {}
end
Plain = empty

-- "**Procedure 7.1. Drawing a Straight Line**": the procedure title loses its number
function Para(el)
  local first = el.content[1]
  if #el.content == 1 and first.t == "Strong" then
    local s = pandoc.utils.stringify(first.content):gsub("\194\160", " ")
    local rest = s:match("^Procedure%s+[%d%.]+%.%s+(.*)$")
    if rest then return pandoc.Para({ pandoc.Strong({ pandoc.Str(rest) }) }) end
  end
  return empty(el)
end

function CodeBlock(el)
  el.attr = pandoc.Attr("", { "text" })
  return el
end

-- tables that cannot be GFM pipe tables: a bullet list, one item per row, the header rows
-- included (../../table-to-list.lua, shared with postgresql-tutorial)
local table_to_list = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../table-to-list.lua")
function Table(el) return table_to_list(el, true) end

-- definition lists are not GFM: bullet items "**term**: definition" (shared with the other books);
-- the terms lose the spaces around them first ("** Resolution **" is no bold in GFM)
local definition_list = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
local function trim(inlines)
  local blank = { Space = true, SoftBreak = true, LineBreak = true }
  while #inlines > 0 and blank[inlines[1].t] do table.remove(inlines, 1) end
  while #inlines > 0 and blank[inlines[#inlines].t] do table.remove(inlines) end
  return inlines
end
local function unbold(inlines)
  -- a term that is itself bold (a key name like **Ctrl**) would come out as "****Ctrl****"
  local out = {}
  for _, i in ipairs(inlines) do
    if i.t == "Strong" then
      for _, j in ipairs(i.content) do table.insert(out, j) end
    else
      table.insert(out, i)
    end
  end
  return out
end
function DefinitionList(el)
  for _, item in ipairs(el.content) do item[1] = trim(unbold(item[1])) end
  return definition_list(el)
end

-- "**Linux. **" (a bold run title ending in a space) is no bold in GFM: the space goes after it
function Strong(el)
  local c = el.content
  local after = {}
  while #c > 0 and (c[#c].t == "Space" or c[#c].t == "SoftBreak"
                    or (c[#c].t == "Str" and c[#c].text:match("\194\160$"))) do
    if c[#c].t == "Str" then
      local text = c[#c].text:gsub("\194\160$", "")
      if text == "" then table.remove(c) else c[#c] = pandoc.Str(text) end
    else
      table.remove(c)
    end
    after = { pandoc.Space() }
  end
  local before = {}
  while #c > 0 and (c[1].t == "Space" or c[1].t == "SoftBreak") do
    table.remove(c, 1)
    before = { pandoc.Space() }
  end
  if #c == 0 then return before end
  local out = before
  table.insert(out, pandoc.Strong(c))
  for _, a in ipairs(after) do table.insert(out, a) end
  return out
end

-- first pass (before links lose their targets and tables are rewritten): admonitions, and
-- footnotes: the reference link "[1]" becomes
-- a pandoc note holding the text of the matching <div class="footnote" id="ftn.X"> (GFM writes
-- [^n] and the text at the end of the file)
local function footnotes(doc)
  local notes = {}
  doc:walk({
    Div = function(d)
      if d.identifier:match("^ftn%.") then
        local blocks = {}
        for _, b in ipairs(d.content) do
          table.insert(blocks, b)
        end
        notes[d.identifier] = blocks
      end
    end,
  })
  return doc:walk({
    Div = function(d)
      for _, c in ipairs(d.classes) do
        if ADMON[c] then return admonition(d, ADMON[c]) end
      end
    end,
    Link = function(l)
      local target = l.target:match("^#(ftn%..*)$")
      if target and notes[target] then
        -- the note text starts with its own "[1]" back-link: drop that
        local blocks = notes[target]
        local first = blocks[1]
        if first and (first.t == "Para" or first.t == "Plain") then
          local inl = {}
          local skipping = true
          for _, i in ipairs(first.content) do
            if skipping and (i.t == "Link" or i.t == "Space" or i.t == "SoftBreak") then
              -- skip
            else
              skipping = false
              table.insert(inl, i)
            end
          end
          blocks[1] = pandoc.Para(inl)
        end
        return pandoc.Note(blocks)
      end
    end,
  })
end

local plain = {}
for _, name in ipairs({ "Link", "Image", "Span", "RawInline", "RawBlock", "HorizontalRule", "Header",
                        "Superscript", "Subscript", "Strong", "Div", "Plain", "Para", "CodeBlock", "Table", "DefinitionList" }) do
  plain[name] = _G[name]
end
return { { Pandoc = footnotes }, plain }
