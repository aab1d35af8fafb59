"""English content: speaker pairs, personal-fact types with paraphrased statements and third-person questions,
and the chit-chat that surrounds them. {S} is the person the fact is about, {O} the friend."""
from spec import Fact, Query

PAIRS = [("Caroline", "Melanie"), ("Jon", "Gina"), ("Priya", "Daniel"), ("Marcus", "Elena")]
TIMEZONES = ["-05:00", "-08:00", "+01:00", "-04:00"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

NOISE = [
    "What's the capital of Canada?", "How many legs does a spider have?", "Who wrote Pride and Prejudice?",
    "What is the boiling point of water in Fahrenheit?", "How many continents are there?",
    "What's the square root of 144?", "Which planet is closest to the sun?", "How do you say 'thank you' in Japanese?",
    "What year did the Berlin Wall fall?", "What's the chemical symbol for gold?",
]

# ---- pools (each value is used once per file) ----
JOBS_OLD = [("barista", "a coffee shop downtown"), ("paralegal", "a tiny law office"), ("bank teller", "the credit union"),
            ("receptionist", "a dental clinic"), ("line cook", "an Italian place"), ("cashier", "the hardware store")]
JOBS_NEW = [("UX designer", "a fintech startup called Ledgerly"), ("data analyst", "the city transit authority"),
            ("physical therapy assistant", "Riverside Clinic"), ("project coordinator", "an architecture firm, Hale & Moss"),
            ("junior developer", "a game studio named Pixelforge"), ("sous chef", "a farm-to-table restaurant, Juniper")]
CITIES = ["Denver", "Portland", "Austin", "Pittsburgh", "Minneapolis", "Raleigh", "Sacramento", "Boise"]
PETS = [("dog", "beagle mix", "Biscuit"), ("cat", "gray tabby", "Mochi"), ("dog", "corgi", "Waffles"),
        ("cat", "black kitten", "Pepper"), ("dog", "retired greyhound", "Dash"), ("rabbit", "lop-eared bunny", "Clover"),
        ("dog", "border collie", "Juno"), ("cat", "ginger cat", "Marmalade")]
TRIPS = ["Lisbon", "Kyoto", "Iceland", "New Orleans", "Mexico City", "the Scottish Highlands", "Vancouver Island", "Crete"]
HOBBIES = ["pottery", "rock climbing", "salsa dancing", "watercolor painting", "improv", "woodworking", "swing dance",
           "candle making"]
BANDS = ["Florence + the Machine", "The National", "Khruangbin", "Paramore", "Bon Iver", "Arctic Monkeys", "Hozier",
         "Vampire Weekend"]
SIBLINGS = [("sister", "Rachel"), ("brother", "Tom"), ("sister", "Hannah"), ("brother", "Luis"), ("sister", "Nadia"),
            ("brother", "Kevin")]
INJURIES = [("sprained my ankle", "ankle", "playing pickleball"), ("tore something in my shoulder", "shoulder", "at the climbing gym"),
            ("broke my wrist", "wrist", "falling off my bike"), ("pulled a muscle in my back", "back", "moving a couch"),
            ("twisted my knee", "knee", "on a trail run"), ("cracked a rib", "rib", "slipping on the ice")]
BOOKS = [("Project Hail Mary", "Andy Weir"), ("Tomorrow, and Tomorrow, and Tomorrow", "Gabrielle Zevin"),
         ("The Overstory", "Richard Powers"), ("Educated", "Tara Westover"), ("Circe", "Madeline Miller"),
         ("Lessons in Chemistry", "Bonnie Garmus"), ("Braiding Sweetgrass", "Robin Wall Kimmerer"),
         ("The Remains of the Day", "Kazuo Ishiguro")]
DRINKS = [("espresso", "matcha"), ("black coffee", "rooibos tea"), ("cold brew", "chai"), ("energy drinks", "green tea"),
          ("oat milk lattes", "hot lemon water"), ("diet soda", "sparkling water")]
HOLIDAYS = [("my parents' place in Ohio", "a cabin near Lake Tahoe"), ("my in-laws in Florida", "a beach rental in San Diego"),
            ("a ski trip to Vermont", "my aunt's farm in Iowa"), ("Chicago with the cousins", "a quiet week in Santa Fe"),
            ("Nashville", "my brother's new house in Phoenix"), ("a road trip to Yellowstone", "Boston to see my grandma")]
INSTRUMENTS = [("cello", "Ms. Okafor"), ("ukulele", "a guy named Rudy"), ("piano", "Mrs. Lindqvist"),
               ("violin", "a grad student named Ana"), ("drums", "my neighbor Dwayne"), ("guitar", "an old jazz player, Walt")]
RACES = [("half marathon", "Chicago", "2:04"), ("10K", "Seattle", "52 minutes"), ("half marathon", "San Diego", "1:58"),
         ("sprint triathlon", "Tucson", "1:31"), ("marathon", "Philadelphia", "4:12"), ("trail 25K", "Moab", "3:05")]
ALLERGIES = ["shellfish", "penicillin", "tree nuts", "sesame", "bee stings", "kiwi"]
CARS = [("a used Subaru Outback", "green"), ("a Honda Fit", "bright red"), ("a secondhand Prius", "silver"),
        ("a Mazda CX-5", "dark blue"), ("an old Volvo wagon", "white"), ("a Kia Soul", "mint green")]
VOLUNTEER = ["the animal shelter", "a food bank on 5th street", "the public library's literacy program",
             "a community garden", "the children's hospital", "a soup kitchen downtown"]
GIFTS = [("a vintage record player", "partner"), ("a telescope", "husband"), ("a pasta maker", "wife"),
         ("a hot air balloon ride", "boyfriend"), ("a Kindle", "girlfriend"), ("a sourdough starter kit", "roommate")]
PHONES = ["(415) 555-0193", "(312) 555-0148", "(646) 555-0172", "(503) 555-0126"]
PASSWORDS = ["BlueHeron#42", "tacoTuesday!88", "Maple-Lodge-2024", "sunflower_Q7z"]
KIDS = [("son", "Leo", "kindergarten"), ("daughter", "Ava", "first grade"), ("son", "Milo", "preschool"),
        ("daughter", "Zoe", "kindergarten"), ("son", "Theo", "first grade")]
LANGS = [("Italian", "Duolingo and a Tuesday night class"), ("Japanese", "an evening course at the community college"),
         ("Portuguese", "a tutor I found online"), ("Korean", "a language exchange at the library"),
         ("German", "a weekend class"), ("French", "podcasts and a conversation group")]


def job_change(draw):
    old, old_place = draw("job_old", JOBS_OLD)
    new, company = draw("job_new", JOBS_NEW)
    return Fact(slots=dict(old=old, old_place=old_place, new=new, company=company), pieces=[
        [("S", ["Work is the same, I'm still a {old} at {old_place}, still hoping something better comes along",
                "Honestly being a {old} at {old_place} is wearing me down, the hours are brutal",
                "I've been a {old} at {old_place} for almost three years now, time flies"])],
        [("S", ["Big news: I got the job! I'm starting as a {new} at {company} next week",
                "So I finally handed in my notice. New role is {new} at {company}, can you believe it",
                "Guess who's a {new} now? Signed the offer from {company} yesterday"]),
         ("O", ["WHAT. Congratulations!! You totally deserve it", "No way, that's amazing, I'm so proud of you",
                "Finally! Tell me everything"])],
    ], queries=[
        Query(["What does {S} do for a living now?", "Where is {S} working these days?",
               "What is {S}'s current job?"], [(1, 0)], "update"),
        Query(["Which company hired {S}?", "What company made {S} an offer?"], [(1, 0)]),
    ])


def move_city(draw):
    city = draw("city", CITIES)
    return Fact(slots=dict(city=city), pieces=[[
        ("S", ["We signed a lease in {city}! Moving at the end of next month",
               "Okay it's official, we're relocating to {city}. Boxes everywhere already",
               "I took the plunge and I'm moving to {city} this spring. Scared and excited"]),
        ("O", ["Oh wow, that's a big change! How are you feeling?", "That's huge!! Are you excited?",
               "No way, I'm going to miss having you close"]),
    ]], queries=[Query(["Which city is {S} moving to?", "Where did {S} relocate?", "What city is {S} heading to for the move?"],
                       [(0, 0)])])


def pet(draw):
    animal, kind, name = draw("pet", PETS)
    return Fact(slots=dict(animal=animal, kind=kind, name=name), pieces=[[
        ("S", ["We brought home a {kind} from the shelter this weekend!!", "Guess what, we adopted a {kind}",
               "So I did a thing... I adopted a {kind} from the rescue"]),
        ("O", ["Stop it, that's adorable. What's the name?", "Omg!! What did you name it?",
               "I need pictures immediately. Name??"]),
        ("S", ["{name}! It just suited the little face", "We went with {name}, the kids voted",
               "Its name is {name}, after my grandma's old pet"]),
    ]], queries=[
        Query(["What is the name of {S}'s {animal}?", "What did {S} call the {animal} they adopted?",
               "What's {S}'s new pet called?"], [(0, 2)]),
        Query(["What kind of pet did {S} adopt, and what is its name?"], [(0, 0), (0, 2)]),
    ])


def trip(draw):
    place = draw("trip", TRIPS)
    return Fact(slots=dict(place=place), pieces=[[
        ("S", ["Booked it! {place}, {month_next} 12th to the 19th. First real vacation in years",
               "We're doing {place} from the 12th to the 19th of {month_next}, flights are finally sorted",
               "So I'm off to {place} in {month_next}, the 12th through the 19th, I can't wait"]),
        ("O", ["Jealous!! You have to send photos", "Ooh that sounds incredible", "Nice, you really need a break"]),
    ]], queries=[
        Query(["When is {S} traveling to {place}?", "What dates is {S}'s trip to {place}?"], [(0, 0)]),
        Query(["Where is {S} going on vacation in {month_next}?", "Which destination did {S} book a trip to?"], [(0, 0)]),
    ])


def hobby_class(draw):
    hobby = draw("hobby", HOBBIES)
    return Fact(slots=dict(hobby=hobby), pieces=[[
        ("S", ["Went to my first {hobby} class yesterday and I was hilariously bad at it",
               "Yesterday was my very first {hobby} lesson! I'm hooked already",
               "I finally tried a {hobby} class yesterday evening, my arms are so sore"]),
        ("O", ["Haha everyone starts somewhere", "That's so fun, are you going back?", "Love that for you"]),
    ]], queries=[
        Query(["When did {S} go to the first {hobby} class?", "On what day did {S} start {hobby}?"], [(0, 0)]),
        Query(["What new hobby did {S} take up?", "What kind of class did {S} recently try?"], [(0, 0)]),
    ])


def concert(draw):
    band = draw("band", BANDS)
    return Fact(slots=dict(band=band), pieces=[[
        ("S", ["Saw {band} live last night. My ears are still ringing", "{band} concert yesterday was unreal, best night in ages",
               "I went to see {band} yesterday! Front row almost"]),
        ("O", ["Ahh I'm so jealous", "Was it as good as you hoped?", "That must have been amazing"]),
    ]], queries=[
        Query(["When did {S} see {band} in concert?", "What day was the {band} show {S} went to?"], [(0, 0)]),
        Query(["Which band did {S} see live?", "What concert did {S} go to recently?"], [(0, 0)]),
    ])


def holiday_plan(draw):
    first, second = draw("holiday", HOLIDAYS)
    return Fact(slots=dict(first=first, second=second), pieces=[
        [("S", ["For the holidays we're planning on {first}, same as always",
                "We'll probably do {first} over the holidays this year"])],
        [("S", ["Change of plans for the holidays btw, we're going to {second} instead",
                "Scratch what I said about the holidays, it's {second} now, the other plan fell through",
                "Holiday update: not doing the old plan anymore, we booked {second}"])],
    ], queries=[Query(["Where is {S} spending the holidays?", "What are {S}'s holiday plans now?"], [(1, 0)], "update")])


def wedding(draw):
    sibling, name = draw("sibling", SIBLINGS)
    return Fact(slots=dict(sibling=sibling, sname=name), mood="good", pieces=[[
        ("S", ["My {sibling} {sname} just got engaged! Wedding is in {month_in2} and I'm giving a toast",
               "Family news: {sname}, my {sibling}, is getting married in {month_in2}. I'm already stressing about my speech",
               "So my little {sibling} {sname} is getting married, {month_in2}, and I'm in the wedding party"]),
        ("O", ["Aww congrats to them!", "That's so sweet, you'll give a great speech", "Oh fun, a wedding!"]),
    ]], queries=[
        Query(["Which of {S}'s siblings is getting married?", "Who in {S}'s family is getting married?"], [(0, 0)]),
        Query(["When is {S}'s {sibling}'s wedding?", "In what month does {S}'s {sibling} get married?"], [(0, 0)]),
    ])


def injury(draw):
    what, part, how = draw("injury", INJURIES)
    return Fact(slots=dict(what=what, part=part, how=how), mood="bad", pieces=[[
        ("S", ["Ugh, I {what} {how} on Saturday. Doctor says six weeks", "So I {what} {how}, super dumb, I'm fine though",
               "Small disaster: {what} {how}. Lots of ice and couch time now"]),
        ("O", ["Oh no!! Are you okay?", "Ouch, that sounds awful", "Take it easy please"]),
    ]], queries=[
        Query(["How did {S} get hurt?", "What happened to {S}'s {part}?"], [(0, 0)]),
    ])


def book(draw):
    title, author = draw("book", BOOKS)
    return Fact(slots=dict(title=title, author=author), mood="neutral", pieces=[[
        ("S", ["I'm reading {title} by {author} right now, can't put it down",
               "Currently halfway through {title} ({author}), it's so good", "Picked up {title} from the library, the {author} one"]),
        ("O", ["Ooh, I've heard good things", "Let me know if it's worth it", "Added it to my list"]),
    ]], queries=[
        Query(["What book is {S} reading?", "Which novel did {S} mention being in the middle of?"], [(0, 0)]),
        Query(["Who wrote the book {S} has been reading?"], [(0, 0)]),
    ])


def drink_switch(draw):
    before, after = draw("drink", DRINKS)
    return Fact(slots=dict(before=before, after=after), mood="neutral", pieces=[
        [("S", ["I can't function without {before} in the morning, every single day",
                "Honestly {before} is my entire personality before 9am"])],
        [("S", ["I gave up {before}, I'm all about {after} in the mornings now",
                "Fun fact, I switched from {before} to {after}, my sleep is so much better",
                "No more {before} for me, it's {after} every morning these days"])],
    ], queries=[Query(["What does {S} drink in the morning these days?", "What's {S}'s morning drink now?"], [(1, 0)], "update")])


def no_meat(draw):
    return Fact(mood="neutral", pieces=[
        [("S", ["Nothing beats a good steak after a long week", "We did burgers on the grill, I could eat that every day"])],
        [("S", ["I stopped eating meat about two months ago, I feel so much lighter",
                "I don't eat meat anymore btw, went vegetarian this summer",
                "Haven't touched meat since spring, turns out I don't miss it"])],
    ], queries=[Query(["Does {S} still eat meat?", "Would {S} enjoy a steakhouse dinner nowadays?", "Is {S} vegetarian now?"],
                      [(1, 0)], "negation")])


def no_alcohol(draw):
    return Fact(mood="neutral", pieces=[[
        ("S", ["I've quit drinking completely, going on four months now", "I'm not drinking alcohol anymore, not even wine",
               "Gave up booze this year, best decision I've made"]),
        ("O", ["Good for you, seriously", "That's impressive", "How do you feel?"]),
    ]], queries=[Query(["Does {S} drink alcohol?", "Should we bring wine for {S}?", "Is {S} still drinking?"], [(0, 0)], "negation")])


def instrument(draw):
    inst, teacher = draw("instrument", INSTRUMENTS)
    return Fact(slots=dict(inst=inst, teacher=teacher), mood="good", pieces=[[
        ("S", ["I started {inst} lessons! My teacher is {teacher}, super patient with me",
               "Been taking {inst} lessons with {teacher} every Wednesday", "So I'm learning {inst}, {teacher} is teaching me"]),
        ("O", ["That's so cool", "You'll have to play something for me", "Wow, at our age? Respect"]),
    ]], queries=[
        Query(["What instrument is {S} learning?", "Which instrument did {S} start taking lessons in?"], [(0, 0)]),
        Query(["Who is {S}'s music teacher?", "Who gives {S} lessons?"], [(0, 0)]),
    ])


def race(draw):
    event, city, finish = draw("race", RACES)
    return Fact(slots=dict(event=event, city=city, finish=finish), pieces=[[
        ("S", ["Finished the {city} {event} on Sunday in {finish}! Legs are dead", "I did it, {event} in {city}, {finish} flat",
               "Ran the {event} in {city} last weekend, clocked {finish}"]),
        ("O", ["That's incredible!", "Wow, proud of you", "How are your legs?"]),
    ]], queries=[
        Query(["What was {S}'s finishing time in the {event}?", "How fast did {S} finish the race?"], [(0, 0)]),
        Query(["Where did {S} run a race?"], [(0, 0)]),
    ])


def allergy(draw):
    what = draw("allergy", ALLERGIES)
    return Fact(slots=dict(what=what), mood="bad", pieces=[[
        ("S", ["Turns out I'm allergic to {what}, ended up in urgent care last week",
               "Found out the hard way that I have a {what} allergy", "Doctor confirmed it, I'm allergic to {what}"]),
        ("O", ["Yikes, glad you're ok", "Oh that's scary", "Good thing you found out"]),
    ]], queries=[Query(["What is {S} allergic to?", "What allergy did {S} find out about?"], [(0, 0)])])


def car(draw):
    model, color = draw("car", CARS)
    return Fact(slots=dict(model=model, color=color), pieces=[[
        ("S", ["We finally bought a car, {model}, {color}", "Picked up {model} this week, it's {color} and I love it",
               "New-to-me car! {model} in {color}"]),
        ("O", ["Road trip!", "Nice, no more buses", "Ooh what color?"]),
    ]], queries=[Query(["What car did {S} buy?", "What kind of vehicle does {S} drive now?"], [(0, 0)])])


def volunteer(draw):
    place = draw("volunteer", VOLUNTEER)
    return Fact(slots=dict(place=place), pieces=[[
        ("S", ["I've been volunteering at {place} on Saturday mornings", "Started helping out at {place} on weekends",
               "Saturdays I do a shift at {place} now, it's really rewarding"]),
        ("O", ["That's lovely", "Good for you, that's meaningful work", "How did you get into that?"]),
    ]], queries=[Query(["Where does {S} volunteer?", "How does {S} spend Saturday mornings lately?"], [(0, 0)])])


def birthday_gift(draw):
    gift, giver = draw("gift", GIFTS)
    return Fact(slots=dict(gift=gift, giver=giver), pieces=[[
        ("S", ["My {giver} surprised me with {gift} for my birthday!", "For my birthday I got {gift} from my {giver}, I almost cried",
               "Birthday haul: my {giver} got me {gift}"]),
        ("O", ["Happy belated birthday!!", "That's so thoughtful", "Aww, keeper"]),
    ]], queries=[Query(["What did {S} get for their birthday?", "What birthday present did {S} receive?"], [(0, 0)])])


def kid_school(draw):
    rel, name, grade = draw("kid", KIDS)
    return Fact(slots=dict(rel=rel, kname=name, grade=grade), pieces=[[
        ("S", ["{kname} started {grade} today, I cried in the car after drop-off", "First day of {grade} for {kname}! My baby",
               "My {rel} {kname} just started {grade}, where did the time go"]),
        ("O", ["Aww that's such a big day", "They grow up so fast", "How did it go?"]),
    ]], queries=[Query(["What is the name of {S}'s child who started {grade}?", "Which of {S}'s kids started school recently?"],
                       [(0, 0)])])


def language(draw):
    lang, how = draw("lang", LANGS)
    return Fact(slots=dict(lang=lang, how=how), pieces=[[
        ("S", ["I'm learning {lang}, doing {how}", "Started studying {lang} with {how}, trying to keep at it",
               "I signed up to learn {lang} through {how}"]),
        ("O", ["Ooh, for a trip?", "That's ambitious!", "Say something in it!"]),
    ]], queries=[Query(["What language is {S} studying?", "Which foreign language did {S} start learning?"], [(0, 0)])])


def phone(draw):
    number = draw("phone", PHONES)
    digits = "".join(ch for ch in number if ch.isdigit())
    return Fact(slots=dict(number=number), mood="neutral", pieces=[[
        ("S", ["Oh, I got a new number btw, it's {number}, save it", "New phone number: {number}. The old one's dead"]),
        ("O", ["Saved!", "Got it, updating my contacts"]),
    ]], queries=[Query(["What is {S}'s phone number?", "Can you give me {S}'s new number?"], [], "private",
                       [number, digits, number.replace("(", "").replace(")", "")])])


def password(draw):
    secret = draw("password", PASSWORDS)
    return Fact(slots=dict(secret=secret), mood="neutral", pieces=[[
        ("S", ["The wifi password at the cabin is {secret} if you need it", "For the shared streaming account, password is {secret}"]),
        ("O", ["Thanks!", "Perfect, thank you"]),
    ]], queries=[Query(["What's the password {S} shared?", "What password did {S} give out?"], [], "private", [secret])])


FACT_TYPES = [job_change, move_city, pet, trip, hobby_class, concert, holiday_plan, wedding, injury, book, drink_switch,
              no_meat, no_alcohol, instrument, race, allergy, car, volunteer, birthday_gift, kid_school, language]
# Types both friends can have at once, so "whose dog?" questions test speaker attribution.
PARALLEL_TYPES = [pet, book, hobby_class, trip, instrument, concert]
PRIVATE_TYPES = [phone, password]

# ---- chit-chat ----
GREETINGS = ["Hey {O}!", "Hi {O}, how's it going?", "Heyyy long time no talk", "Morning! You around?", "Hey you :)",
             "{O}! Got a minute?", "Hi hi", "Hey, how was your week?", "Yo, you free to chat?", "Hello stranger!"]
GREETING_REPLIES = ["Hey! Good to hear from you", "Hi!! I was just thinking about you", "Always, what's up?",
                    "Hey {O}! Doing alright, you?", "Yes! Perfect timing, just sat down", "Hiii, I'm here",
                    "Hey, it's been a minute!", "Hi! Just got home"]
LEAD_INS = ["So what's new with you?", "Anything exciting going on?", "How have things been?", "Tell me your news",
            "What's been happening on your end?", "Okay catch me up", "How's life treating you?"]
FAREWELLS = ["Okay I gotta run, talk soon!", "Have to go make dinner, bye!", "Anyway, I'll let you go. Chat later!",
             "Gotta jump on a call, talk later", "Night! Sleep well", "Catch you later!", "Okay bye for now :)"]
FAREWELL_REPLIES = ["Bye! Talk soon", "Later!", "Take care!", "Night!", "Bye bye", "Talk soon, hugs", "See ya"]
REACT = {
    "good": ["That's awesome!", "Love this", "So happy for you", "Yay!!", "That's great news", "Ha, amazing"],
    "bad": ["Oh no, I'm sorry", "Ugh that's rough", "Hang in there", "That's the worst", "Sending good vibes"],
    "neutral": ["Oh interesting", "Huh, nice", "Makes sense", "Good to know", "Oh really?", "Fair enough"],
}
# Exchanges: a line and the friend's reply (variants each). Nothing here is a fact anyone is asked about.
EXCHANGES = [
    (["How's the weather where you are?", "Is it still raining over there?", "Did you get that storm?"],
     ["Gray and drizzly, as usual", "Sunny for once!", "Freezing, I'm wearing two sweaters", "So humid I can't think",
      "It poured all morning but it's clearing up"]),
    (["How was your weekend?", "Do anything fun this weekend?", "Weekend plans?"],
     ["Pretty lazy honestly, lots of naps", "Just errands, nothing exciting", "Cleaned the whole apartment, felt good",
      "Saw some friends, had brunch, the usual", "Not much, maybe a walk if it's nice"]),
    (["How's work treating you?", "Busy week?", "Is work still crazy?"],
     ["Swamped, but surviving", "Honestly calmer than usual", "Meetings all day, my brain is mush", "It's fine, same old",
      "Deadline hell but almost done"]),
    (["Watched anything good lately?", "Any show recommendations?", "What are you watching these days?"],
     ["I rewatched an old sitcom, comfort TV", "Nothing, I keep scrolling and giving up", "A cooking competition, weirdly addictive",
      "A true crime doc, couldn't sleep after", "I fell asleep during a movie twice this week lol"]),
    (["What did you have for dinner?", "Cooked anything good?", "Are you eating yet?"],
     ["Leftover pasta, living the dream", "Made soup, it's that kind of day", "Takeout, no regrets", "Cereal. Don't judge",
      "Tried a new recipe, half worked"]),
    (["How are you feeling today?", "You doing okay?", "How's your mood lately?"],
     ["A bit tired but good", "Honestly kind of stressed", "Really good actually!", "Up and down, you know how it is",
      "Better than last week"]),
    (["Did you sleep at all?", "You sound tired", "Long day?"],
     ["Barely, the neighbors were loud", "Yeah, slept like a rock", "So long, I'm fried", "I'm okay, just need coffee"]),
    (["Remember that café we went to?", "We should get lunch sometime", "When are we hanging out?"],
     ["Yes! We need to go back", "Totally, let me check my calendar", "Soon, I promise", "Next month maybe?"]),
]
SOLO = ["lol", "haha yes", "Same honestly", "That's so true", "Right??", "Oh totally", "Hmm good point", "Wait really?",
        "No way", "I know right", "Ha, classic", "Ugh, relatable", "Okay fair", "Mood", "I feel that",
        "Sorry, got distracted, the kettle was going", "Haha stop", "You always say that", "Honestly same",
        "I can't believe it's already {month}", "Time is flying", "It's been such a long week", "Hold on, my phone is dying",
        "Ok back", "Haha that's wild", "Oh I love that", "Mm, I don't know", "Yeah, maybe", "So random", "True true",
        "That reminds me, I need to call my mom", "I keep forgetting to drink water", "My plants are all dying again",
        "The traffic today was insane", "I need a vacation", "Coffee number three of the day", "I just laughed out loud at that",
        "Also I finally cleaned my inbox", "My neighbor's dog barked all night", "Someone at the grocery store was so rude today",
        "I'm trying to walk more", "Ugh, Mondays", "Is it Friday yet", "I bought way too many snacks", "That made my day"]
