-- pandoc Lua filter for the Maxima manual pages made by prep.py: plain GFM elements.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap; headings lose their
-- ids (shared with the other books)
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

-- examples and verbatim blocks: fenced, tagged "sh" when they open with a shell prompt ("$ "),
-- "maxima" otherwise (sessions, code, 2D output)
function CodeBlock(el)
  local lang = "maxima"
  if el.text:match("^%s*%$ ") then lang = "sh" end
  el.attr = pandoc.Attr("", { lang })
  return el
end

-- definition lists are not GFM: bullet items "**term**: definition" (shared with the other books)
DefinitionList = dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../definition-list.lua")
