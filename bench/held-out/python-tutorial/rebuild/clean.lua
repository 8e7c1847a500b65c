-- pandoc Lua filter: reduce Sphinx HTML (Python docs) to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

function Code(el)
  el.attr = pandoc.Attr()
  return el
end

-- code blocks: fenced, language from prep.py's class ("python", "pycon", "sh", ...)
function CodeBlock(el)
  local lang = el.classes[1] or "text"
  if lang == "pycon" or el.text:match("^>>> ") then lang = "python" end
  if lang == "text" then lang = "" end
  el.attr = pandoc.Attr("", lang ~= "" and { lang } or {})
  return el
end

DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")

-- Sphinx wraps table cell text in <p>: make it plain so pandoc writes a GFM pipe table
function Table(el)
  local function flat(rows)
    for _, row in ipairs(rows) do
      for _, cell in ipairs(row.cells) do
        local inl, simple = {}, true
        for i, b in ipairs(cell.contents) do
          if b.t == "Para" or b.t == "Plain" then
            if i > 1 then table.insert(inl, pandoc.Space()) end
            for _, x in ipairs(b.content) do table.insert(inl, x) end
          else
            simple = false
          end
        end
        if simple then cell.contents = { pandoc.Plain(inl) } end
      end
    end
  end
  flat(el.head.rows)
  for _, body in ipairs(el.bodies) do flat(body.body) end
  flat(el.foot.rows)
  return el
end
