local function has(el, c)
  for _, x in ipairs(el.classes) do if x == c then return true end end
  return false
end
local adm = {note="Note", tip="Tip", warning="Warning", important="Important", caution="Caution"}

local function Image(el) return {} end

local function Link(el)
  if el.target:sub(1,1) == "#" or el.target:match("^images/") then
    return el.content
  end
  el.attr = pandoc.Attr()
  return el
end

local function Span(el)
  if has(el, "keyseq") then return el.content end
  return el.content
end

local function Div(el)
  if el.identifier == "header" or el.identifier == "toc" or el.identifier == "footer" or has(el, "toc2") then
    return {}
  end
  if has(el, "admonitionblock") then
    local label = "Note"
    for k, v in pairs(adm) do if has(el, k) then label = v end end
    local out = {}
    pandoc.walk_block(el, {Table = function(t)
      for _, body in ipairs(t.bodies) do
        for _, row in ipairs(body.body) do
          local cells = row.cells or row[2]
          local last = cells[#cells]
          local contents = last.contents or last[5]
          for _, b in ipairs(contents) do table.insert(out, b) end
        end
      end
    end})
    if #out > 0 and (out[1].t == "Para" or out[1].t == "Plain") then
      local first = out[1]
      local inl = {pandoc.Strong{pandoc.Str(label .. ":")}, pandoc.Space()}
      for _, i in ipairs(first.content) do table.insert(inl, i) end
      out[1] = pandoc.Para(inl)
    else
      table.insert(out, 1, pandoc.Para{pandoc.Strong{pandoc.Str(label .. ":")}})
    end
    return pandoc.BlockQuote(out)
  end
  return el.content
end

local function Para(el)
  if #el.content == 0 then return {} end
  local only_space = true
  for _, i in ipairs(el.content) do
    if not (i.t == "Space" or i.t == "SoftBreak" or i.t == "LineBreak") then only_space = false end
  end
  if only_space then return {} end
end


local function Header(el)
  -- strip leading section numbers like "4.9.1. "
  local c = el.content
  if #c > 0 and c[1].t == "Str" and c[1].text:match("^[%d%.]+%.$") then
    table.remove(c, 1)
    if #c > 0 and c[1].t == "Space" then table.remove(c, 1) end
  end
  el.content = c
  el.identifier = ""
  return el
end

local function CodeBlock(el)
  el.identifier = ""
  local lang = "text"
  for _, c in ipairs(el.classes) do
    local m = c:match("^language%-(.+)$")
    if m then lang = m end
  end
  if el.text:match("^<!DOCTYPE") then lang = "html" end
  el.attr = pandoc.Attr("", {lang})
  return el
end

local function cell_inlines(cell)
  local out = {}
  for _, b in ipairs(cell.contents) do
    if #out > 0 then table.insert(out, pandoc.Space()) end
    if b.t == "Para" or b.t == "Plain" then
      for _, i in ipairs(b.content) do
        if i.t == "LineBreak" or i.t == "SoftBreak" then table.insert(out, pandoc.Space()) else table.insert(out, i) end
      end
    else
      table.insert(out, pandoc.Str(pandoc.utils.stringify(b)))
    end
  end
  return out
end

local function Table(t)
  local rows = {}
  for _, r in ipairs(t.head.rows) do table.insert(rows, r) end
  for _, body in ipairs(t.bodies) do
    for _, r in ipairs(body.head) do table.insert(rows, r) end
    for _, r in ipairs(body.body) do table.insert(rows, r) end
  end
  local ncol = #t.colspecs
  local nonempty = {}
  for _, r in ipairs(rows) do
    for j, c in ipairs(r.cells) do
      if pandoc.utils.stringify(c.contents) ~= "" then nonempty[j] = true end
    end
  end
  local keep = {}
  for j = 1, ncol do if nonempty[j] then table.insert(keep, j) end end
  if #keep == 0 then return {} end
  local function mkrow(r)
    local cells = {}
    for _, j in ipairs(keep) do
      local c = r.cells[j]
      local inl = c and cell_inlines(c) or {}
      table.insert(cells, pandoc.Cell({pandoc.Plain(inl)}))
    end
    return pandoc.Row(cells)
  end
  local headrows, bodyrows = {}, {}
  for _, r in ipairs(t.head.rows) do table.insert(headrows, mkrow(r)) end
  for _, body in ipairs(t.bodies) do
    for _, r in ipairs(body.head) do table.insert(bodyrows, mkrow(r)) end
    for _, r in ipairs(body.body) do table.insert(bodyrows, mkrow(r)) end
  end
  if #headrows == 0 and #bodyrows > 0 then
    -- use first row as header if it looks like one? keep empty header
  end
  local specs = {}
  for _, j in ipairs(keep) do table.insert(specs, {pandoc.AlignDefault, nil}) end
  if #keep == 1 then
    -- single column table -> bullet list
    local items = {}
    for _, r in ipairs(headrows) do table.insert(items, {pandoc.Plain(r.cells[1].contents[1].content)}) end
    for _, r in ipairs(bodyrows) do table.insert(items, {pandoc.Plain(r.cells[1].contents[1].content)}) end
    return pandoc.BulletList(items)
  end
  t.colspecs = specs
  local h = t.head
  h.rows = headrows
  t.head = h
  local b = t.bodies[1]
  b.head = {}
  b.body = bodyrows
  t.bodies = {b}
  local f = t.foot
  f.rows = {}
  t.foot = f
  return t
end

return {
  {Div = Div},
  {Table = Table, Image = Image, Link = Link, Span = Span, Para = Para, Plain = Para, Header = Header, CodeBlock = CodeBlock},
}
