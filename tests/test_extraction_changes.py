"""Chats between two named friends: small talk stores nothing, personal facts are attributed to the speaker by
name, a double negative is a need (never a refusal), and a change of habit, job, city or pet lands on the key
the earlier statement used, so the newer one supersedes it. Sentences vary on purpose: the rules are patterns.
"""
import pytest

from memory_app.extraction import extract


def keys_of(text, speaker="Gina"):
    return {candidate.key: candidate for candidate in extract(text, speaker=speaker, use_llm=False).candidates}


@pytest.mark.parametrize("text", [
    "I bought way too many snacks", "It poured all morning but it's clearing up", "Long day.", "I'm so tired today",
    "So long, I'm fried", "The traffic was insane", "Ugh, Mondays", "Honestly kind of stressed", "Rough week at work lol",
    "零食买多了", "下了一上午的雨", "今天好累啊", "累死了，想睡觉", "堵车堵了一个小时", "这周忙死了",
])
def test_small_talk_about_the_moment_is_never_a_long_term_memory(text):
    assert extract(text, speaker="Marcus", use_llm=False).candidates == []


@pytest.mark.parametrize("text", [
    "Congrats on your new job, Melanie!", "You adopted a puppy? That's amazing", "Your sister is getting married in June?!",
    "恭喜你换了新工作！", "你对芒果过敏啊", "你搬到成都了吧",
])
def test_what_the_speaker_says_about_the_friend_is_not_the_speakers_fact(text):
    assert extract(text, speaker="Caroline", use_llm=False).candidates == []


def test_an_instruction_to_the_assistant_still_counts_for_the_user():
    assert "reply.length" in keys_of("你回复能不能简短点", speaker="user")


@pytest.mark.parametrize("speaker,text,key,words", [
    ("Gina", "Fun fact, I switched from black coffee to rooibos tea, my sleep is so much better", "drink.tea",
     ["Gina switched from black coffee to rooibos tea"]),
    ("Jon", "I'm working at Ledgerly now", "work.employer", ["Jon works at Ledgerly"]),
    ("Priya", "We're relocating to Denver next month", "profile.location.city", ["Priya", "Denver"]),
    ("Marcus", "I sprained my ankle playing pickleball on Saturday", "health.injury.ankle", ["Marcus sprained", "ankle"]),
    ("Elena", "I'm reading The Overstory by Richard Powers right now", "hobby.reading", ["Elena is reading", "Overstory"]),
    ("Daniel", "Saw Hozier live last night, my ears are still ringing", "event.concert.hozier", ["Daniel", "Hozier"]),
    ("Jon", "Went to my first pottery class yesterday and I was terrible", "hobby.pottery", ["Jon", "pottery class"]),
    ("王磊", "我们决定去昆明生活了", "profile.location.city", ["王磊", "昆明"]),
    ("陈静", "最近在看刘慈欣的《球状闪电》，挺好看", "hobby.reading", ["陈静", "《球状闪电》"]),
    ("李娜", "上周打球把手腕扭伤了，医生说要养一个月", "health.injury.手腕", ["李娜", "手腕"]),
    ("赵明", "我上个月开始学大提琴了，老师特别耐心", "hobby.大提琴", ["赵明", "大提琴"]),
    ("孙浩", "昨晚去看了陈奕迅的演唱会，嗓子都喊哑了", "event.concert.陈奕迅", ["孙浩", "陈奕迅"]),
])
def test_personal_facts_are_attributed_to_the_speaker_by_name(speaker, text, key, words):
    candidates = keys_of(text, speaker)
    assert key in candidates, sorted(candidates)
    for word in words:
        assert word in candidates[key].text
    assert "用户" not in candidates[key].text and "the user" not in candidates[key].text.lower()


@pytest.mark.parametrize("text,key,item", [
    ("我早上不喝拿铁根本醒不过来", "drink.coffee", "拿铁"),
    ("我下午不喝杯奶茶就没精神", "drink.milk_tea", "奶茶"),
    ("没有咖啡我真的活不了", "drink.coffee", "咖啡"),
    ("I can't function without black coffee in the morning", "drink.coffee", "black coffee"),
    ("I can't start my day without green tea", "drink.tea", "green tea"),
])
def test_a_double_negative_is_a_need_not_a_refusal(text, key, item):
    candidates = keys_of(text)
    assert key in candidates, sorted(candidates)
    assert candidates[key].polarity == 1 and item in candidates[key].text
    assert all(candidate.polarity >= 0 for candidate in candidates.values())


@pytest.mark.parametrize("text", ["我早上不喝拿铁", "我晚上不吃米饭", "我平时不喝酒", "他现在不吃辣"])
def test_a_refusal_captures_the_thing_never_a_pronoun_or_time_word(text):
    for candidate in keys_of(text).values():
        segment = candidate.key.rsplit(".", 1)[-1]
        assert not segment.startswith(("我", "他", "早上", "晚上", "平时", "现在")), candidate.key


@pytest.mark.parametrize("earlier,later,key", [
    ("I can't function without black coffee in the morning", "I switched from black coffee to rooibos tea", "drink.coffee"),
    ("I drink oat milk lattes every morning", "No more lattes for me, it's hot lemon water every morning", "drink.coffee"),
    ("每天早上一杯美式咖啡，雷打不动", "我把美式换成绿茶了", "drink.coffee"),
    ("我早上不喝拿铁根本醒不过来", "拿铁不喝了，现在早上只喝豆浆", "drink.coffee"),
    ("I'm still a bank teller at the credit union", "I'm starting as a data analyst at the city transit authority next week",
     "profile.occupation"),
    ("I'm still a bank teller at the credit union", "I just started at a new firm, Hale & Moss", "work.employer"),
    ("I work as a nurse at Mercy Hospital", "I'm working at Riverside Clinic now", "work.employer"),
    ("我在超市当收银员", "跳槽了！下周去星火互动当UI设计师", "profile.occupation"),
    ("I live in Boston", "Okay it's official, we're relocating to Austin", "profile.location.city"),
    ("我住在杭州", "房子租好了，下个月就搬去厦门", "profile.location.city"),
    ("I've been volunteering at the food bank on Saturdays", "Saturdays I do a shift at the animal shelter now", "hobby.volunteer"),
    ("每周六在博物馆讲解做义工", "最近周日去养老院做志愿者", "hobby.volunteer"),
])
def test_a_change_lands_on_the_key_of_the_earlier_statement(earlier, later, key):
    before, after = keys_of(earlier), keys_of(later)
    assert key in before, sorted(before)
    assert key in after, sorted(after)
    assert before[key].value != after[key].value or before[key].polarity != after[key].polarity


@pytest.mark.parametrize("text,old,new", [
    ("I switched from black coffee to rooibos tea", "drink.coffee", "drink.tea"),
    ("Swapped my diet soda for sparkling water", "drink.soda", "drink.sparkling_water"),
    ("跟你说我把拿铁换成红枣枸杞茶了", "drink.coffee", "drink.tea"),
])
def test_a_switch_ends_the_old_habit_and_starts_the_new(text, old, new):
    candidates = keys_of(text)
    assert candidates[old].polarity == -1 and candidates[new].polarity == 1


@pytest.mark.parametrize("adopted,named,name", [
    ("We adopted a retired greyhound from the shelter", "We went with Dash, the kids voted", "Dash"),
    ("I brought home a gray tabby kitten", "We named her Mochi", "Mochi"),
    ("So I adopted a corgi from the rescue!", "Its name is Waffles, after my grandma's old pet", "Waffles"),
    ("我们从救助站领养了一只柯基", "孩子们投票，最后叫馒头", "馒头"),
    ("我家多了一只英短", "起名煤球，看它那张脸就像", "煤球"),
])
def test_a_new_pet_and_its_name(adopted, named, name):
    assert any(key.startswith("pets.") for key in keys_of(adopted))
    candidates = keys_of(named)
    key = f"pets.{name.lower()}"
    assert key in candidates, sorted(candidates)
    assert name in candidates[key].entities and "Gina" in candidates[key].text


def test_a_person_named_in_passing_is_not_a_pet():
    assert not any(key.startswith("pets.") for key in keys_of("I went with Sarah to the mall"))


@pytest.mark.parametrize("text,key,polarity", [
    ("I stopped eating meat about two months ago", "food.meat", -1),
    ("I don't eat meat anymore btw, went vegetarian this summer", "food.meat", -1),
    ("I'm not drinking alcohol anymore, not even wine", "drink.alcohol", -1),
    ("Gave up booze this year, best decision", "drink.alcohol", -1),
    ("今年把酒戒了，是我做过最对的决定", "drink.alcohol", -1),
    ("我已经两个月不吃肉了", "food.meat", -1),
])
def test_giving_something_up(text, key, polarity):
    candidates = keys_of(text)
    assert key in candidates and candidates[key].polarity == polarity, sorted(candidates)


@pytest.mark.parametrize("text", ["每周六在博物馆讲解做义工，挺有意义的", "I volunteer at the children's hospital every Sunday"])
def test_volunteering_is_an_activity_not_the_job(text):
    candidates = keys_of(text)
    assert "hobby.volunteer" in candidates and "profile.occupation" not in candidates


@pytest.mark.parametrize("speaker,text,key,word", [
    ("Jon", "Started studying Portuguese with a tutor I found online", "hobby.portuguese", "Portuguese"),
    ("Gina", "We finally bought a car, a used Subaru Outback, green", "profile.car", "Subaru"),
    ("Elena", "Finished the Boston marathon on Sunday in 3:58!", "event.race.marathon", "3:58"),
    ("Priya", "My husband surprised me with a telescope for my birthday!", "event.birthday_gift", "telescope"),
    ("Marcus", "Nadia, my sister, is getting married in October", "event.wedding.nadia", "October"),
    ("Daniel", "First day of first grade for Theo! My baby", "family.child.theo", "first grade"),
    ("Jon", "Booked it! Lisbon, May 12th to the 19th", "travel.plan.lisbon", "12th"),
    ("李娜", "每周二跟楼下的王老师学二胡", "hobby.二胡", "二胡"),
    ("王磊", "这周提了辆本田飞度，红色，超喜欢", "profile.car", "本田飞度"),
    ("陈静", "上周末去跑了无锡半程马拉松，用时1小时58分", "event.race.半程马拉松", "1小时58分"),
    ("赵明", "家里有喜事，堂哥志强十月结婚", "event.wedding.志强", "十月"),
    ("周婷", "我女儿朵朵开始上小学了", "family.child.朵朵", "小学"),
    ("孙浩", "机票订好了！五月3号到9号去云南大理", "travel.plan.云南大理", "大理"),
])
def test_life_events_keep_their_details_and_the_speaker(speaker, text, key, word):
    candidates = keys_of(text, speaker)
    assert key in candidates, sorted(candidates)
    assert word in candidates[key].text and speaker in candidates[key].text


@pytest.mark.parametrize("earlier,later", [
    ("For the holidays we're planning on Nashville, same as always", "Change of plans for the holidays, we're going to Boston instead"),
    ("国庆打算回湖南老家，跟往年一样", "国庆计划变了，改成去日本北海道了"),
])
def test_a_changed_holiday_plan_supersedes_the_old_one(earlier, later):
    before, after = keys_of(earlier), keys_of(later)
    [key] = [key for key in before if key.startswith("travel.holiday.")]
    assert key in after and not any(k.startswith("travel.plan.") for k in after)
