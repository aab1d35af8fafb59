"""The rule extractor (no model): Chinese and English statements of preference, fact and correction.

Each case names the key the memory must land on and, where it matters, its polarity and a word its value
or text must carry. Sentences are phrased in several ways on purpose: the rules are patterns, not a lookup.
"""
import pytest

from memory_app.extraction import extract


def rule_extract(text, **kwargs):
    return extract(text, use_llm=False, **kwargs)


def by_key(result):
    return {candidate.key: candidate for candidate in result.candidates}


CASES = [
    # shipping
    ("我以后都希望用顺丰，别放门口", "shipping.carrier", 1, "顺丰"),
    ("我以后都希望用顺丰，别放门口", "shipping.delivery_instruction", -1, "门口"),
    ("以后网购都给我选顺丰吧", "shipping.carrier", 1, "顺丰"),
    ("以后都用京东快递吧", "shipping.carrier", 1, "京东"),
    ("快递的话默认发中通就行", "shipping.carrier", 1, "中通"),
    ("店里原料进货我一直走德邦物流", "logistics.carrier", 1, "德邦"),
    ("以后进货改走安能物流", "logistics.carrier", 1, "安能"),
    ("Please always ship with FedEx", "shipping.carrier", 1, "FedEx"),
    # allergies
    ("我对芒果过敏", "health.allergy.mango", -1, "芒果"),
    ("我对猫毛过敏，所以只能养狗", "health.allergy.cat_hair", -1, "猫毛"),
    ("我花粉过敏，春天很难受", "health.allergy.pollen", -1, "花粉"),
    ("儿子对花生严重过敏", "health.allergy.son.peanut", -1, "儿子"),
    ("I'm allergic to peanuts", "health.allergy.peanut", -1, "peanuts"),
    ("My daughter is allergic to shellfish", "health.allergy.daughter.shellfish", -1, "daughter"),
    # diet and conditions
    ("我吃素", "diet.vegetarian", 1, "素"),
    ("I'm vegetarian", "diet.vegetarian", 1, "vegetarian"),
    ("I've been vegetarian for six years", "diet.vegetarian", 1, "six years"),
    ("我乳糖不耐受，一喝牛奶就拉肚子", "health.condition.乳糖不耐受", 0, "牛奶"),
    ("我有糖尿病好几年了", "health.condition.糖尿病", 0, "糖尿病"),
    ("腰椎间盘突出好多年了，坐久了腰就痛", "health.condition.腰椎间盘突出", 0, "腰"),
    ("体检查出来尿酸高，医生说有痛风的苗头", "health.condition.尿酸高", 0, "痛风"),
    ("I have mild asthma, so I carry an inhaler everywhere.", "health.condition.asthma", 0, "inhaler"),
    ("I have celiac disease, so anything with gluten is a no-go", "health.condition.celiac_disease", 0, "celiac"),
    # likes and dislikes: one key per item, polarity carries the direction
    ("我这人无辣不欢，吃火锅必须牛油红锅", "food.spicy", 1, "辣"),
    ("香菜我是一点都不碰，闻到那个味道就难受", "food.cilantro", -1, "香菜"),
    ("动物内脏我是绝对不吃的", "food.offal", -1, "内脏"),
    ("我最喜欢吃鱼，清蒸鲈鱼一个人能吃一大盘", "food.fish", 1, "鱼"),
    ("我是甜品控，芋泥的东西见一个买一个", "food.dessert", 1, "甜品"),
    ("我不喜欢吃茄子", "food.茄子", -1, "茄子"),
    ("我每天早上都得来两杯美式", "drink.coffee", 1, "美式"),
    ("咖啡我也戒了，以后别给我推荐咖啡，换成花草茶或者牛奶", "drink.coffee", -1, "咖啡"),
    ("咖啡我也戒了，以后别给我推荐咖啡，换成花草茶或者牛奶", "drink.herbal_tea", 1, "花草茶"),
    ("海鲜和啤酒都得戒", "drink.beer", -1, "啤酒"),
    ("Spicy Hunan food is my comfort food, the more chili the better.", "food.spicy", 1, "Hunan"),
    ("Durian though, absolutely not.", "food.durian", -1, "durian"),
    ("I never drink alcohol", "drink.alcohol", -1, "alcohol"),
    ("I don't eat pork", "food.pork", -1, "pork"),
    ("I love sushi", "food.sushi", 1, "sushi"),
    ("I prefer tea over coffee now", "drink.coffee", -1, "coffee"),
    ("I am not a fan of horror movies", "hobby.horror_movies", -1, "horror"),
    ("休息天就喜欢去长江边钓鱼，一坐一下午", "hobby.钓鱼", 1, "钓鱼"),
    # names
    ("call me Sam", "profile.preferred_name", 0, "Sam"),
    ("以后你就叫我小桐吧", "profile.preferred_name", 0, "小桐"),
    ("还是别叫我小桐了，叫我雨桐就行", "profile.preferred_name", 0, "雨桐"),
    ("I'm Daniel, I teach English in Shanghai.", "profile.name", 0, "Daniel"),
    ("我叫林嘉豪，在深圳做后端开发", "profile.name", 0, "林嘉豪"),
    ("yo, Ryan here.", "profile.name", 0, "Ryan"),
    ("My name is Priya", "profile.name", 0, "Priya"),
    # work and place
    ("我是做产品经理的", "profile.occupation", 0, "产品经理"),
    ("我在北京一家会计师事务所做审计", "profile.occupation", 0, "审计"),
    ("我在北京一家会计师事务所做审计", "work.employer", 0, "会计师事务所"),
    ("我在北京一家会计师事务所做审计", "profile.location.city", 0, "北京"),
    ("I teach English at an international school in Shanghai", "profile.occupation", 0, "English"),
    ("I teach English at an international school in Shanghai", "profile.location.city", 0, "Shanghai"),
    ("I work in marketing for a German auto-parts company in Suzhou", "work.employer", 0, "German"),
    ("I work as a nurse at Mercy Hospital", "profile.occupation", 0, "nurse"),
    ("我在深圳做后端开发，主要写 Go", "profile.occupation", 0, "后端开发"),
    ("我在重庆开出租", "profile.occupation", 0, "出租"),
    ("我在厦门开了个小烘焙工作室", "work.business", 0, "烘焙工作室"),
    ("我在光谷开了家奶茶店", "work.business", 0, "光谷"),
    ("刚搬到杭州滨江这边", "profile.location.city", 0, "杭州"),
    ("我搬到上海了", "profile.location.city", 0, "上海"),
    ("I just moved to Toronto", "profile.location.city", 0, "Toronto"),
    # how to answer
    ("你回复能不能简短点，别长篇大论", "reply.length", 0, "简短"),
    ("Please always answer me in English", "reply.language", 0, "English"),
    ("从现在开始请用中文回答我", "reply.language", 0, "中文"),
    ("以后回答我尽量用 bullet points", "reply.format", 0, "bullet"),
    ("Please no emojis in your replies", "reply.emoji", -1, "emoji"),
    ("说话简单点，别用英文字母缩写", "reply.tone", 0, "缩写"),
    ("说大白话就行", "reply.tone", 0, "大白话"),
    ("Could you keep your answers short from now on?", "reply.length", 0, "short"),
    # money
    ("新房装修预算三十万，一分都不能超", "budget.renovation", 0, "三十万"),
    ("每个月买衣服的预算就一千五", "budget.clothing", 0, "一千五"),
    ("想换台笔记本，预算一万二以内", "budget.laptop", 0, "一万二"),
    ("My budget for the wedding is $20k", "budget.wedding", 0, "$20k"),
    # people and pets
    ("我家猫年糕这几天不怎么吃猫粮", "pets.年糕", 0, "年糕"),
    ("我养了只仓鼠叫土豆", "pets.土豆", 0, "仓鼠"),
    ("家里有只柯基叫可乐，三岁了", "pets.可乐", 0, "三岁"),
    ("My dog Biscuit keeps chewing the sofa", "pets.biscuit", 0, "sofa"),
    ("I have a cat named Luna", "pets.luna", 0, "Luna"),
    ("女儿今年初三，六月份中考", "family.daughter", 0, "中考"),
    ("我老婆 Lisa 怀孕了，预产期五月中", "family.wife", 0, "Lisa"),
    ("My partner Mei is crazy about Japanese food", "family.partner", 0, "Japanese"),
    ("我男朋友叫许晨", "family.boyfriend", 0, "许晨"),
    ("屋头两个娃，哥哥十二岁读六年级", "family.children", 0, "两个娃"),
    # routines, schedules, plans
    ("每天早上六点去玄武湖边打太极", "hobby.exercise", 1, "太极"),
    ("太极不打了，改成晚饭后在小区跳广场舞", "hobby.exercise", 1, "广场舞"),
    ("哥哥数学差，报了个补习班，定在每周六上午", "schedule.tutoring", 0, "每周六"),
    ("补习班改到每周日下午了", "schedule.tutoring", 0, "每周日"),
    ("When you book flights for me, always go for a window seat please.", "travel.seat", 1, "window"),
    ("aisle seats from now on, I need to get up a lot", "travel.seat", 1, "aisle"),
    ("订机票的话我喜欢靠窗的座位", "travel.seat", 1, "靠窗"),
    ("清明打算带全家去西安玩三天", "travel.plan.西安", 0, "西安"),
    ("五一打算去大阪玩五天，第一次出国", "travel.plan.大阪", 0, "大阪"),
    ("Going to Chiang Mai with two friends from March 21 to 26!", "travel.plan.chiang_mai", 0, "Chiang Mai"),
    ("Semester reports are due March 13", "schedule.deadline.semester_reports", 0, "March 13"),
    ("做奶油蛋糕我只用安佳的黄油和淡奶油", "shopping.brand.黄油", 1, "安佳"),
    ("以后黄油和淡奶油都换成总统牌", "shopping.brand.黄油", 1, "总统牌"),
    ("过年关店七天，带老婆孩子回黄冈老家", "profile.hometown", 0, "黄冈"),
]


@pytest.mark.parametrize("text,key,polarity,word", CASES)
def test_statement_yields_memory(text, key, polarity, word):
    candidates = by_key(rule_extract(text))
    assert key in candidates, f"{text!r} gave {sorted(candidates)}"
    candidate = candidates[key]
    assert candidate.polarity == polarity
    assert word.lower() in f"{candidate.value} {candidate.text}".lower()
    assert candidate.source == "rule" and candidate.topic == key.split(".")[0]
    assert candidate.confidence >= 0.6


@pytest.mark.parametrize("text", [
    "香菜我是一点都不碰", "我不吃香菜", "我不喜欢吃香菜", "别给我放香菜", "Cilantro though, absolutely not.",
    "I don't like cilantro", "I hate cilantro", "I never eat cilantro",
])
def test_negation_is_never_read_as_a_like(text):
    candidates = [c for c in rule_extract(text).candidates if c.key == "food.cilantro"]
    assert candidates and all(candidate.polarity == -1 for candidate in candidates)


@pytest.mark.parametrize("text,language", [
    ("我对芒果过敏，吃了会起疹子", "zh"), ("I'm allergic to peanuts", "en"), ("我是做产品经理的", "zh"),
    ("I work as a nurse at Mercy Hospital", "en"),
])
def test_memory_text_is_one_third_person_sentence_in_the_users_language(text, language):
    [candidate, *_] = rule_extract(text).candidates
    if language == "zh":
        assert candidate.text.startswith("用户") and candidate.text.endswith("。") and "我" not in candidate.text
    else:
        assert candidate.text.startswith("The user") and candidate.text.endswith(".")
        assert " I " not in f" {candidate.text} " and " my " not in f" {candidate.text} "


def test_allergy_text_is_self_contained():
    [candidate] = rule_extract("对了我对芒果过敏，吃了会起疹子").candidates
    assert candidate.text == "用户对芒果过敏，吃了会起疹子。"
    assert candidate.importance >= 0.9 and candidate.entities == ["芒果"]


def test_family_members_allergy_is_about_them_not_the_user():
    keys = by_key(rule_extract("我儿子八岁，对花生严重过敏，上次误吃进了医院"))
    assert "health.allergy.son.peanut" in keys and "health.allergy.peanut" not in keys
    assert "儿子" in keys["health.allergy.son.peanut"].text


def test_a_change_of_mind_lands_on_the_same_key():
    before = by_key(rule_extract("我每天早上都得来两杯美式，不然上班根本没精神"))["drink.coffee"]
    after = by_key(rule_extract("所以咖啡我也戒了，以后别给我推荐咖啡"))["drink.coffee"]
    assert (before.polarity, after.polarity) == (1, -1)
    first = by_key(rule_extract("Please always answer me in English"))["reply.language"]
    second = by_key(rule_extract("从现在开始请用中文回答我"))["reply.language"]
    assert (first.value, second.value) == ("English", "中文")


@pytest.mark.parametrize("text,expected", [
    ("算了，以后用京东", True), ("不对，我是做运营的", True), ("Actually, I prefer tea now", True),
    ("After that red-eye I've changed my mind — aisle seats from now on", True),
    ("以后都用京东快递吧", False), ("I love sushi", False),
])
def test_correction_flag(text, expected):
    assert rule_extract(text).is_correction is expected


def test_correction_keeps_only_the_new_wish():
    [candidate] = rule_extract("算了，bullet points 看着太碎了，以后直接用一两段话回答就好").candidates
    assert candidate.key == "reply.format" and "一两段话" in candidate.value and "bullet" not in candidate.value


@pytest.mark.parametrize("text", [
    "我手机号多少来着？", "what's my passport number?", "我家具体住哪个小区哪栋楼来着？", "补习班这周是哪天上？",
    "Can you explain how compound interest works?", "外孙女生日蛋糕上该插几根蜡烛？",
])
def test_questions_extract_nothing(text):
    assert rule_extract(text).candidates == []


def test_assistant_text_is_never_a_source():
    assert extract("好的，你对芒果过敏，我记住了。", speaker="assistant").candidates == []


def test_assistant_confirmation_raises_confidence_only_when_it_confirms():
    plain = by_key(rule_extract("我对芒果过敏"))["health.allergy.mango"].confidence
    confirmed = by_key(rule_extract("我对芒果过敏", assistant_reply="记住了，会避开所有含芒果的食物。"))["health.allergy.mango"]
    unrelated = by_key(rule_extract("我对芒果过敏", assistant_reply="好的，今天天气不错。"))["health.allergy.mango"]
    assert confirmed.confidence > plain and unrelated.confidence == plain


@pytest.mark.parametrize("speaker,text,key,words", [
    ("Caroline", "I went to a LGBTQ support group yesterday and it was so powerful.", "event.lgbtq_support_group",
     ["Caroline went to", "support group"]),
    ("Melanie", "I have a dog named Max and I love painting.", "pets.max", ["Melanie has a dog named Max"]),
    ("Melanie", "I have a dog named Max and I love painting.", "hobby.painting", ["Melanie likes painting"]),
    ("Caroline", "I am a transgender woman and I am planning to adopt a child.", "event.plan.adopt_child", ["Caroline is planning"]),
    ("Caroline", "I moved from Sweden four years ago.", "profile.hometown", ["Sweden"]),
    ("Jon", "I lost my job as a banker, so I am starting my own dance studio.", "event.own_dance_studio", ["Jon", "dance studio"]),
    ("Melanie", "My husband John joined me for the race.", "family.husband", ["Melanie's husband John"]),
])
def test_named_speakers_are_attributed(speaker, text, key, words):
    candidates = by_key(rule_extract(text, speaker=speaker))
    assert key in candidates, sorted(candidates)
    for word in words:
        assert word in candidates[key].text
    assert "the user" not in candidates[key].text.lower()


def test_home_address_is_private_and_high_sensitivity():
    [candidate] = rule_extract("我家在朝阳区望京西园三区 4 号楼 1502，帮我找找附近的瑜伽馆").candidates
    assert candidate.key == "profile.home_address"
    assert candidate.sensitivity == "high" and candidate.is_private
