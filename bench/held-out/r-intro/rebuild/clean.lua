-- pandoc Lua filter: reduce texinfo HTML to plain GFM-friendly elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their ids
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

-- code blocks: fenced, tagged "sh" for shell command lines, "r" otherwise
function CodeBlock(el)
  local lang = "r"
  for line in (el.text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^%s*%$ ") or line:match("^%s*R CMD") or
       line:match("^%s*Rscript") or line:match("^%s*R %[") then
      lang = "sh"
    end
  end
  el.attr = pandoc.Attr("", { lang })
  return el
end

-- texinfo "cartouche" boxes are one-cell tables: keep only the cell body
function Table(el)
  local cells = {}
  for _, body in ipairs(el.bodies) do
    for _, row in ipairs(body.body) do
      for _, cell in ipairs(row.cells) do table.insert(cells, cell) end
    end
  end
  if #cells == 1 and #el.head.rows == 0 then
    return cells[1].contents
  end
  return el
end

-- quotations that only wrap a table or an example are unwrapped
function BlockQuote(el)
  for _, b in ipairs(el.content) do
    if b.t == "Table" or b.t == "CodeBlock" then return el.content end
  end
  return el
end

-- definition lists are not GFM: bullet items "**term**: definition" (shared with the other books)
DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
