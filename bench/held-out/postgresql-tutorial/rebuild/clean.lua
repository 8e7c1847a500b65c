-- pandoc Lua filter: reduce PostgreSQL DocBook HTML to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

local ADMON = { note = "Note", tip = "Tip", warning = "Warning", caution = "Caution", important = "Important" }

function Superscript(el) return el.content end

-- headings lose their ids and their numbers ("4.1.2." / "Chapter 3." / "Part I.")
-- (../../docbook-heading.lua, shared with gimp-help)
Header = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../docbook-heading.lua")({})

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

-- tables that cannot be GFM pipe tables (the function tables with several paragraphs per cell):
-- a bullet list, one item per body row (../../table-to-list.lua, shared with gimp-help)
local table_to_list = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../table-to-list.lua")
function Table(el) return table_to_list(el, false) end

DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
