import re, os, sys, json
# usage: assemble.py HTML_DIR OUT_DOCS_DIR
HERE=os.path.dirname(os.path.abspath(__file__))
H=sys.argv[1]; OUT=sys.argv[2]
os.environ['KSTARS_HTML_DIR']=H
exec(open(os.path.join(HERE,'build.py'),encoding='utf-8').read())
H=sys.argv[1]
def qlevel_fix(html, name):
    return html
def first_is_title(md, title):
    m=re.search(r'^#+ (.*)$', md, re.M)
    return m and m.group(1).strip().lower()==title.lower()
def src(name):
    h=html_body(name)
    return to_md(h)
ek=to_md(html_body('tool-ekos.html'))
parts=re.split(r'(?m)^(?=### )', ek)
E={}
for p in parts:
    E[p.split('\n',1)[0].lstrip('# ').strip()]=p
fparts=re.split(r'(?m)^(?=#### Focus Process)', E['Focus'])
E['Focus A']=fparts[0]; E['Focus B']=fparts[1]
E['Ekos']=E['Ekos']  # intro
plan=[
("01-introduction","Introduction",['introduction']),
("02-quick-tour","A Quick Tour of KStars",['using-kstars','lookaround','skyobjects','endtour']),
("03-setting-location-and-time","Configuring KStars: Location and Time",['config','settime']),
("04-view-options-and-catalogs","View Options and Catalogs",['viewops','catalogs']),
("05-display-settings","Display Settings: Solar System, Satellites, Supernovae, Guides, Terrain and Colors",['solar_system','satellites','supernovae','guides','terrain','colors']),
("06-advanced-settings-and-hips","Advanced Settings, Customizing the Display and HiPS Overlays",['fits-configure','indi_page','ekos','xplanet-configure','advanced','customize','hips']),
("07-menu-commands","Command Reference: Menu Commands",['commands']),
("08-keyboard-and-mouse","Keyboard and Mouse Commands",['kstars-keys','kstars-mouse']),
("09-tools-and-object-details","KStars Tools and the Object Details Window",['tools']),
("10-astrocalculator","The Astrocalculator",['tool-calculator']),
("11-altitude-vs-time-and-whats-up-tonight","Altitude vs. Time and What's Up Tonight",['tool-altvstime','tool-whatsup']),
("12-eyepiece-view-solar-system-and-jupiter-moons","Eyepiece View, Solar System Viewer and Jupiter Moons",['tool-eyepieceview','tool-solarsys','tool-jmoons']),
("13-observation-planner","Observation Planner",['tool-obsplanner']),
("14-script-builder-and-image-dump-mode","Script Builder and Command-line Image Dump Mode",['tool-scriptbuilder','dumpmode']),
("15-fits-viewer","FITS Viewer",['tool-fitsviewer']),
("16-ekos-introduction-and-setup","Ekos: Introduction, Setup and User Interface",['E:Ekos','E:Ekos Setup','E:User Interface','E:Logs']),
("17-ekos-profiles","Ekos Equipment Profiles: Profile Wizard and Profile Editor",['E:Profile Wizard','E:Profile Editor']),
("18-ekos-capture","Ekos Capture Module",['E:Capture']),
("19-ekos-focus-settings","Ekos Focus Module: Theory and Settings",['E:Focus A']),
("20-ekos-autofocus-process","Ekos Focus Module: Autofocus Process, Display and Curve Fitting",['E:Focus B']),
("21-ekos-guide","Ekos Guide Module",['E:Guide']),
("22-ekos-align","Ekos Align Module",['E:Align']),
("23-ekos-scheduler","Ekos Scheduler",['E:Scheduler']),
("24-ekos-analyze-and-tutorials","Ekos Analyze Module and Tutorials",['E:Analyze','E:Ekos Tutorials']),
("25-indi-telescope-setup","Astronomical Device Control with INDI: Telescope and Device Setup",['indi','indi-telescope-setup','indi-other-setup']),
("26-indi-concepts-and-remote-control","INDI Configuration, Concepts and Remote Control",['indi-configure','indi-concepts','indi-remote-control']),
("27-indi-faq","INDI Frequently Asked Questions",['indi-faq']),
("28-questions-and-answers","Questions and Answers",['faq']),
("29-celestial-coordinates","AstroInfo: The Celestial Sphere and Coordinate Systems",['astroinfo','ai-skycoords','ai-csphere','ai-greatcircle','ai-geocoords','ai-horizon','ai-zenith','ai-meridian','ai-hourangle']),
("30-equator-ecliptic-equinoxes-and-motions","AstroInfo: Celestial Equator, Poles, Ecliptic, Equinoxes, Precession and Retrograde Motion",['ai-cequator','ai-cpoles','ai-ecliptic','ai-equinox','ai-precession','ai-retrograde']),
("31-time-and-calendars","AstroInfo: Time, Epochs and Calendars",['ai-epoch','ai-julianday','ai-leapyear','ai-sidereal','ai-timezones','ai-utime']),
("32-telescopes","AstroInfo: Telescopes",['ai-telescopes']),
("33-light-brightness-and-distance","AstroInfo: Light, Brightness and Distance",['ai-blackbody','ai-flux','ai-luminosity','ai-magnitude','ai-parallax','ai-cosmicdist']),
("34-stars-galaxies-and-dark-matter","AstroInfo: Stars, Galaxies and Dark Matter",['ai-stars','ai-colorandtemp','ai-ellipgal','ai-spiralgal','ai-darkmatter']),
]
def normalize(md):
    out=[];fence=False;stack=[]
    for line in md.split('\n'):
        if line.startswith('```'): fence=not fence
        m=re.match(r'^(#+) ',line)
        if m and not fence:
            n=len(m.group(1))
            while stack and stack[-1][0]>=n: stack.pop()
            new = stack[-1][1]+1 if stack else n
            stack.append((n,new))
            line='#'*new+line[len(m.group(1)):]
        out.append(line)
    return '\n'.join(out)
def toplevel_count(md):
    lv=[];fence=False
    for line in md.split('\n'):
        if line.startswith('```'): fence=not fence
        m=re.match(r'^(#+) ',line)
        if m and not fence: lv.append(len(m.group(1)))
    return lv.count(min(lv)) if lv else 0
os.makedirs(OUT,exist_ok=True)
used=set()
for fn,title,srcs in plan:
    mds=[]
    for s in srcs:
        md = E[s[2:]] if s.startswith('E:') else src(s+'.html')
        used.add(s)
        md=clean(md)
        md=normalize(md)
        mds.append(md)
    if 'astroinfo' in srcs:
        mds[0]=re.split(r'(?m)^#+ AstroInfo: Table of Contents$', mds[0])[0]
    if len(mds)==1 and toplevel_count(mds[0])==1 and mds[0].lstrip().startswith('#'):
        body=normalize(shift(mds[0],1))
        body=re.sub(r'(?m)^# .*$', '# '+title, body, count=1)
    elif len(mds)==1:
        body='# '+title+'\n\n'+normalize(shift(mds[0],2))
    elif first_is_title(mds[0], title):
        body='\n\n'.join(normalize(shift(m,1 if i==0 else 2)) for i,m in enumerate(mds))
    else:
        body='# '+title+'\n\n'+'\n\n'.join(normalize(shift(m,2)) for m in mds)
    body=re.sub(r'^``` screen$','```text',body,flags=re.M)
    body=re.sub(r'^``` programlisting$','```python',body,flags=re.M)
    body=re.sub(r'(?<!!)\[([^\]]*)\]\((?!https?:|mailto:)[^)]*\)', r'\1', body)
    body=re.sub(r'(?m)^[ \t\u00a0]+$','',body)
    body=re.sub(r'\n{3,}','\n\n',body).strip()+'\n'
    fm='---\ntitle: "%s"\n---\n\n'%title.replace('"','\\"')
    open(os.path.join(OUT,fn+'.md'),'w',encoding='utf-8').write(fm+body)
allf=set(f[:-5] for f in os.listdir(H))
print('unused:',sorted(allf-used),file=sys.stderr)
