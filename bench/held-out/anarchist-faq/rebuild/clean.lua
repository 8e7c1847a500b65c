-- pandoc Lua filter: An Anarchist FAQ's HTML pages (already cut down to their article body by
-- build.py) as plain GFM.

-- links keep their text; images, raw HTML and rules go; spans and divs unwrap
-- (../../plain-elements.lua, shared with the other books)
for name, fn in pairs(dofile(PANDOC_SCRIPT_FILE:match("^(.*)/") .. "/../../plain-elements.lua")) do _G[name] = fn end

-- headings are one plain string ("A.3.8 What is "anarchism without adjectives"?"), no emphasis, no id
function Header(el)
  el.attr = pandoc.Attr()
  local s = pandoc.utils.stringify(el.content):gsub("\194\160", " "):gsub("%s+", " ")
  s = s:gsub("^%s+", ""):gsub("%s+$", "")
  el.content = { pandoc.Str(s) }
  return el
end

-- a paragraph neither starts nor ends with white space: no-break spaces before its first word and
-- line breaks after its last (the verse quoted between paragraphs, whose lines keep their breaks,
-- ends in one inside its bold italics) go
local function blank(x)
  return x.t == "Space" or x.t == "SoftBreak" or x.t == "LineBreak"
      or (x.t == "Str" and x.text:gsub("\194\160", "") == "")
end

local function trim(inl, from_end)
  while #inl > 0 do
    local i = from_end and #inl or 1
    local x = inl[i]
    if blank(x) then
      inl:remove(i)
    elseif x.t == "Str" then
      -- a word that the no-break space is glued to ("\194\160As Shelley's lines ...")
      x.text = from_end and x.text:gsub("\194\160+$", "") or x.text:gsub("^\194\160+", "")
      break
    elseif x.content ~= nil and (x.t == "Emph" or x.t == "Strong") then
      x.content = trim(x.content, from_end)
      if #x.content > 0 then break end
      inl:remove(i)
    else
      break
    end
  end
  return inl
end

function Para(el)
  el.content = trim(trim(el.content, false), true)
  if #el.content == 0 then return {} end
  return el
end
Plain = Para
